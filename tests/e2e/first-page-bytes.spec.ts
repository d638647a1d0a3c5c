import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.js';

/**
 * A visitor's first page's JavaScript budget, counted as the browser loads it:
 * every script fetched in the first ten seconds (chunks loaded after start
 * included, not only the entry the build's check sees), each gzipped, at most
 * 150 KB in all. README, "Measured".
 */
const BUDGET_KB = 150;

for (const path of ['/', '/facilities/availability', '/login']) {
  test(`${path} loads at most 150 KB of gzip JavaScript in its first ten seconds`, async ({
    page,
  }) => {
    test.setTimeout(30_000);
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Idle time, scrolling and a pointer over the navigation, as a visitor would.
    await page.mouse.wheel(0, 2000);
    await page.getByRole('navigation').first().hover();
    await page.waitForTimeout(10_000);
    const sizes = await Promise.all(scripts.values());
    const totalKb = sizes.reduce((sum, bytes) => sum + bytes, 0) / 1024;
    expect(scripts.size).toBeGreaterThan(0);
    expect(totalKb, [...scripts.keys()].join('\n')).toBeLessThanOrEqual(BUDGET_KB);
  });
}
