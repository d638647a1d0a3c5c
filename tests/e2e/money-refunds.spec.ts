import path from 'node:path';
import { pdfText } from '../../src/server/testing/pdf-text.js';
import { messages } from '../../src/shared/messages.js';
import {
  ADMIN,
  MEMBER_PASSWORD,
  approvedMember,
  expect,
  loginPage,
  memberOnPage,
  opensPdfInNewTab,
  reserveDays,
  test,
  unique,
} from './fixtures.js';
import { dialogOpen } from './page-checks.js';
import { LATER, THREE_DAYS, fillCard, openFirstPayment, reserveAndPay } from './payment-helpers.js';
import { SCREENS, screens } from './screens.js';

/**
 * Paying in the sandbox card frame, a member's cancellation refunded by the
 * policy with its credit note, and an administrator's rejection with a smaller
 * refund. Shipped pricing (content/pricing.json): three days without a count of
 * guests cost 12 × 2 nights × $65.00 = $1,560.00, of which a 25%
 * non-refundable deposit of $390.00; a member's cancellation refunds 100% of
 * the rest 30 or more days before arrival, 50% 14 or more (the deposit stays
 * with the house). An administrator's rejection refunds everything unless told
 * otherwise.
 *
 * The e2e database is shared by every test of a run: each test has its own
 * user, and its days are random within a window of its own (the 50% cancellation 16 to 26 days ahead, as the
 * policy needs; the rejection 10 to 19 months ahead); a clash with
 * another test's days tries other days.
 *
 * Screenshots for review go to test-results/screens/ (git-ignored, and not
 * the run's own output folder, which Playwright empties).
 */

test('a member pays in the card frame, cancels with the policy refund and opens the credit note', async ({
  page,
  admin,
}) => {
  test.setTimeout(60_000);
  await memberOnPage(admin, page, 'refund', { withEmail: true });
  const eventName = `Cancelled retreat ${unique('')}`;
  // 16 to 26 days before arrival (in any zone's today): the 50% tier, not the 100% one.
  await reserveDays(
    page.request,
    { eventName, eventDescription: 'Three days, cancelled three weeks before.' },
    { from: 16, to: 26 },
    3,
  );

  await openFirstPayment(page, eventName);
  const iframe = page.locator(`iframe[title="Card payment for ${eventName}"]`);
  await expect(iframe).toHaveAttribute('data-sandbox-pay-ready', 'true');
  const frame = await fillCard(page);
  // Four digits typed are shown as MM/YY.
  await expect(frame.getByLabel('Expiry (MM/YY)')).toHaveValue('12/30');
  await frame.getByRole('button', { name: `Pay ${THREE_DAYS.price}` }).click();

  await expect(page.getByText('You have no pending payments.')).toBeVisible();
  const history = page.getByRole('region', { name: 'Payment History' });
  const payment = history.getByRole('row').filter({ hasText: 'Payment' });
  await expect(payment).toContainText(eventName);
  await expect(payment).toContainText(THREE_DAYS.price);
  await expect(
    payment.getByRole('button', { name: `View Receipt for ${eventName}` }),
  ).toBeVisible();

  await page.goto('/account/reservations');
  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(`${THREE_DAYS.price} paid`);
  await row.getByRole('button', { name: 'Show Details' }).click();
  await page.getByRole('button', { name: 'Cancel This Reservation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Reservation' });
  await dialogOpen(dialog);
  await expect(dialog).toContainText(messages.confirmCancelReservation);
  // 50% of what was paid beyond the deposit: ($1,560.00 - $390.00) / 2.
  await expect(dialog).toContainText(
    'You paid $1,560.00. The deposit of $390.00 is not refundable; 50% of the rest comes back: $585.00.',
  );
  // At this width only: a switch to the phone's card layout would close the row's dialog.
  await page.screenshot({
    path: path.join(SCREENS, 'account-reservations-cancel-refund-1280x800.png'),
    animations: 'disabled',
  });
  await dialog.getByRole('button', { name: 'Yes, Cancel Reservation' }).click();
  await expect(page.getByText('Reservation cancelled.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Cancelled (1)' }).click();
  await expect(row).toContainText('cancelled');
  await expect(row).toContainText('Partly refunded');
  await expect(row).toContainText('$585.00 of $1,560.00 refunded');

  await page.goto('/account/payments');
  await expect(page.getByText('You have no pending payments.')).toBeVisible();
  const refund = history.getByRole('row').filter({ hasText: 'Refund' });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('$585.00');
  await expect(refund).toContainText(
    'Cancelled by the church 14 or more days before arrival: 50% refunded under the cancellation policy. The non-refundable deposit of $390.00 stays with the house.',
  );
  const creditNote = refund.getByRole('button', {
    name: new RegExp(`^View Credit Note for ${eventName}, `),
  });
  await expect(creditNote).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Payment' })).toContainText(
    THREE_DAYS.price,
  );
  await screens(page, 'account-payments-history-refund', { fullPage: true });

  // The credit note opens in a new tab, served as a PDF.
  const response = await opensPdfInNewTab(page, creditNote);

  // The same signed link's PDF is this refund's credit note.
  const file = await page.request.get(response.url());
  expect(file.status()).toBe(200);
  const text = await pdfText(await file.body());
  expect(text).toContain('Credit note');
  expect(text).toContain(eventName);
  expect(text).toContain('$585.00');
});

test('an administrator rejects a paid reservation refunding less, with a reason', async ({
  page,
  admin,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { username: member, memberApi } = await approvedMember(
    admin,
    playwright.request,
    baseURL,
    'rejected',
  );
  const eventName = `Rejected retreat ${unique('')}`;
  await reserveAndPay(memberApi, { eventName, eventDescription: 'Paid, then rejected.' }, LATER);
  await memberApi.dispose();

  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
  await page.getByLabel('Filter by user').selectOption({ label: member });
  await expect(page.getByRole('tab', { name: 'All Active (1)' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row).toContainText(THREE_DAYS.price);
  await expect(row).toContainText(`Paid ${THREE_DAYS.price}`);
  await row.getByRole('button', { name: `Reject ${eventName}`, exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Reject reservation' });
  await dialogOpen(dialog);
  await expect(dialog).toContainText(`Paid: ${THREE_DAYS.price}.`);
  // The house refunds everything by default, the non-refundable deposit too.
  const amount = dialog.getByRole('textbox', { name: 'Refund (USD)' });
  await expect(amount).toHaveValue(THREE_DAYS.price);
  const refundReason = dialog.getByRole('textbox', { name: /^Refund reason/ });
  // The whole amount needs no reason.
  await expect(refundReason).toHaveJSProperty('required', false);
  await screens(page, 'admin-reservations-reject-full', { fullPage: false });

  await amount.fill('100');
  await amount.blur();
  await expect(amount).toHaveValue('$100.00');
  await expect(refundReason).toHaveJSProperty('required', true);
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('The house is closed.');
  await dialog.getByRole('button', { name: 'Reject reservation' }).click();
  // Not sent without the refund's reason: the field says so and has the focus.
  const reasonError = 'Give a reason for refunding less than the whole amount.';
  await expect(dialog).toContainText(reasonError);
  await expect(refundReason).toHaveAttribute('aria-invalid', 'true');
  await expect(refundReason).toBeFocused();
  await expect(dialog).toBeVisible();
  await screens(page, 'admin-reservations-reject-partial', { fullPage: false });

  const why = 'The kitchen had been booked for the first day.';
  await refundReason.fill(why);
  await dialog.getByRole('button', { name: 'Reject reservation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Rejected "${eventName}". Refunded $100.00.`)).toBeVisible();

  await page.getByRole('tab', { name: 'Rejected (1)' }).click();
  await expect(row).toContainText('Rejection reason: The house is closed.');
  await expect(row).toContainText(`Paid ${THREE_DAYS.price}`);
  await expect(row).toContainText('Refunded $100.00');
  await screens(page, 'admin-reservations-rejected-row', { fullPage: true });

  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await page.getByLabel('Church', { exact: true }).selectOption({ label: `Church of ${member}` });
  const ledger = page.getByRole('table', { name: /^Payments and refunds/ });
  const refund = ledger.getByRole('row').filter({ hasText: 'Refund' });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText(eventName);
  await expect(refund).toContainText('$100.00');
  await expect(refund).toContainText(why);
  await expect(refund.getByRole('button', { name: /^View credit note for / })).toBeVisible();
  await expect(ledger.getByRole('row').filter({ hasText: 'Charge' })).toContainText(
    THREE_DAYS.price,
  );
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText(`Received${THREE_DAYS.price}`);
  await expect(totals).toContainText('Refunded$100.00');
  await screens(page, 'admin-payments', { fullPage: true });

  // The member sees it in their Payment History.
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await loginPage(memberPage, member, MEMBER_PASSWORD);
  await memberPage.goto('/account/payments');
  const history = memberPage.getByRole('region', { name: 'Payment History' });
  const memberRefund = history.getByRole('row').filter({ hasText: 'Refund' });
  await expect(memberRefund).toContainText('$100.00');
  await expect(memberRefund).toContainText(why);
  await expect(
    memberRefund.getByRole('button', { name: new RegExp(`^View Credit Note for ${eventName}, `) }),
  ).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Payment' })).toContainText(eventName);
  await memberContext.close();
});
