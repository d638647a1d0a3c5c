import gallery from '../../content/gallery.json' with { type: 'json' };
import { test } from './fixtures.js';
import { PUBLIC_PAGES, settled } from './page-checks.js';
import { checkDialog, firstFloor, visit, atEachWidth } from './phone-checks.js';

/**
 * Every public page, the auth screens and the 404 page, and their dialogs,
 * at 360 and 390 px (phones) and 1280 px: nothing scrolls sideways, no text
 * is cut, dialogs fit. axe-core runs at 360 px too (tests/e2e/phone-checks.ts).
 */

atEachWidth(() => {
  test('the public pages and their dialogs fit', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    for (const url of PUBLIC_PAGES) await visit(page, testInfo, url);

    const image = gallery.albums[0]!.images[0]!;
    await page.goto('/gallery');
    await settled(page);
    await page.getByRole('button', { name: image.alt }).click();
    await checkDialog(page, testInfo, /./, 'the gallery viewer');
    await page.keyboard.press('Escape');

    await page.goto('/facilities/floor-plans');
    await settled(page);
    await page.locator('label', { hasText: firstFloor.name }).click();
    await page.getByRole('button', { name: 'Chapel' }).click();
    await checkDialog(page, testInfo, /Chapel/, 'a floor-plan room');
  });
});
