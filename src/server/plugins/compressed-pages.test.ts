import { describe, expect, it } from 'vitest';
import { pageEncoding } from './compressed-pages.js';

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, and sends none to a client that takes neither', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('*')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });

  it('does not take a coding the client refuses with q=0', () => {
    expect(pageEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pageEncoding('br; q=0, gzip;q=0')).toBeUndefined();
    expect(pageEncoding('BR;Q=0.5')).toBe('br');
  });
});
