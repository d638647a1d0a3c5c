import floorPlans from '../../content/floor-plans.json' with { type: 'json' };
import gallery from '../../content/gallery.json' with { type: 'json' };
import { expect, test } from './fixtures.js';
import {
  PUBLIC_PAGES,
  dialogOpen,
  expectNoViolations,
  settled,
  visitAndCheck,
} from './page-checks.js';

/**
 * Checked by axe-core against WCAG 2.0/2.1 A and AA and axe's best practices:
 * no violation of any impact (tests/e2e/page-checks.ts).
 * Every public page, the auth screens and the 404 page, and the dialogs that
 * open over the public pages. The map is a cross-origin OpenStreetMap frame:
 * refused here (no network) and its inside left out of the scan, since its
 * content is not ours.
 */

test('the public pages, the auth screens and the 404 page have no accessibility violations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const url of PUBLIC_PAGES) {
    await visitAndCheck(page, url);
  }
});

test('the gallery viewer and a floor-plan room dialog have no accessibility violations', async ({
  page,
}) => {
  const image = gallery.albums[0]!.images[0]!;
  await page.goto('/gallery');
  await settled(page);
  await page.getByRole('button', { name: image.alt }).click();
  const viewer = page.getByRole('dialog');
  await dialogOpen(viewer);
  await expect(viewer.getByRole('img', { name: image.alt })).toBeVisible();
  await expectNoViolations(page, 'the gallery viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.goto('/facilities/floor-plans');
  await settled(page);
  const firstFloor = floorPlans.levels.find((l) => l.id === 'first-floor')!;
  await page.locator('label', { hasText: firstFloor.name }).click();
  await page.getByRole('button', { name: 'Chapel' }).click();
  const room = page.getByRole('dialog');
  await dialogOpen(room);
  await expect(room.getByRole('heading', { name: 'Chapel' })).toBeVisible();
  await expectNoViolations(page, 'a floor-plan room dialog');
});
