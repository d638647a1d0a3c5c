import { expect, test } from './fixtures.js';
import {
  LONG_EMAIL,
  LONG_FILE,
  check,
  checkDialog,
  itemWith,
  memberWithData,
  navigationClickableUnderToast,
  onScreen,
  visit,
  atEachWidth,
} from './phone-checks.js';

/**
 * A member's pages, with the long names real churches have, at 360 and
 * 390 px (phones) and 1280 px: nothing scrolls sideways, no text is cut,
 * every card's status and actions are on screen, dialogs fit. The
 * navigation stays clickable while a notification shows.
 * axe-core runs at 360 px too (tests/e2e/phone-checks.ts).
 */

atEachWidth(() => {
  test('the account pages, with long names and data, fit', async ({ page, admin }, testInfo) => {
    test.setTimeout(120_000);
    const { eventName } = await memberWithData(admin, page.request);

    await visit(page, testInfo, '/account/profile');
    // A responsible person's long address is on screen, wrapped (the visit checked the width).
    await onScreen(page.getByText(LONG_EMAIL));
    await visit(page, testInfo, '/account/reservations');
    // Every card's status and action are on screen.
    const card = itemWith(page, eventName);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('pending', { exact: false }).first()).toBeInViewport();
    await onScreen(card.getByRole('button', { name: 'Show Details' }));
    await card.getByRole('button', { name: 'Show Details' }).click();
    await expect(page.getByText('wheelchair access', { exact: false })).toBeVisible();
    await check(page, testInfo, 'a reservation card with its details open');

    await page.getByRole('button', { name: 'Cancel This Reservation' }).click();
    const cancel = await checkDialog(page, testInfo, 'Cancel Reservation', 'the cancel dialog');
    await cancel.getByRole('button', { name: 'No, Keep It' }).click();
    await expect(cancel).toBeHidden();

    // Saving the details shows a notification; the navigation stays usable under it.
    await page.getByRole('button', { name: 'Edit Details' }).click();
    await check(page, testInfo, 'a reservation card editing its details');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await navigationClickableUnderToast(page);

    await visit(page, testInfo, '/account/payments');
    await visit(page, testInfo, '/account/documentation');
    const doc = itemWith(page, LONG_FILE);
    await onScreen(doc.getByRole('button', { name: `Delete ${LONG_FILE}` }));
    await doc.getByRole('button', { name: `Delete ${LONG_FILE}` }).click();
    await checkDialog(page, testInfo, /Delete/, 'the delete-document dialog');
    await page.keyboard.press('Escape');

    await visit(page, testInfo, '/account/history');
  });
});
