import { describe, expect, it } from 'vitest';
import { createMonthCache } from './month-cache.js';

describe('month cache', () => {
  it('keeps a month until cleared or expired', async () => {
    const cache = createMonthCache(50);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get(2027, 3, load)).toBe('v1');
    expect(await cache.get(2027, 3, load)).toBe('v1');
    cache.clear();
    expect(await cache.get(2027, 3, load)).toBe('v2');
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get(2027, 3, load)).toBe('v3');
  });

  it('does not keep an answer loaded while a change happened', async () => {
    const cache = createMonthCache();
    let release!: () => void;
    const slow = cache.get(2027, 3, () => new Promise<string>((r) => (release = () => r('old'))));
    cache.clear();
    release();
    expect(await slow).toBe('old');
    expect(await cache.get(2027, 3, async () => 'new')).toBe('new');
  });
});
