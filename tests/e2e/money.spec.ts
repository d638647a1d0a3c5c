import path from 'node:path';
import { pdfText } from '../../src/server/testing/pdf-text.js';
import { monthName, shiftMonth } from '../../src/shared/dates.js';
import { messages } from '../../src/shared/messages.js';
import {
  ADMIN,
  MEMBER_PASSWORD,
  api,
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
import {
  TEST_CARD,
  fillCard,
  openFirstPayment,
  payButton,
  reserveAndPay,
} from './payment-helpers.js';
import { SCREENS, screens } from './screens.js';
import { availableRun, dateName, showMonth } from './calendar-helpers.js';

/**
 * The money journeys: the price of the selected days, paying in the sandbox
 * card frame, a member's cancellation refunded by the policy with its credit
 * note, an administrator's rejection with a smaller refund, and the card form's
 * field errors. Shipped pricing: $150.00 a day; 100% refunded 30 or more days
 * before arrival, 50% 14 or more.
 *
 * The e2e database is shared by every test of a run: each test has its own
 * user, and its days are random within a window of its own (the selection
 * journey 8 to 11 months ahead, clear of reservations.spec.ts's 3 to 7; the
 * 50% cancellation 16 to 26 days ahead, as the policy needs; the others 10 to
 * 19 months ahead); a clash with another test's days tries other days.
 *
 * Screenshots for review go to test-results/screens/ (git-ignored, and not
 * the run's own output folder, which Playwright empties).
 */

/** 10 to 19 months ahead. */
const LATER = { from: 300, to: 580 };

test('the price of the selected days shows before the request is sent, and on the new row', async ({
  page,
  admin,
}) => {
  await memberOnPage(admin, page, 'quote', { withEmail: true });
  // A random month 8 to 11 months ahead, and four days of it.
  const now = new Date();
  const { year, month } = shiftMonth(
    now.getUTCFullYear(),
    now.getUTCMonth() + 1,
    8 + Math.floor(Math.random() * 4),
  );
  const key = (d: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const day = (d: number, state: string) =>
    page.getByRole('button', { name: `${dateName(key(d))}, ${state}`, exact: true });

  await page.goto('/account/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
  await showMonth(page, `${monthName(month)} ${year}`);
  const first = await availableRun(page, 4);
  for (let d = first; d <= first + 3; d++) await expect(day(d, 'available')).toBeVisible();

  await day(first, 'available').click();
  const form = page.getByRole('region', { name: 'New Reservation' });
  const price = form.getByRole('region', { name: 'Price' });
  await expect(form).toContainText(`Selected dates: ${dateName(key(first))}`);
  await expect(form).toContainText('(1 day)');
  await expect(price).toContainText('Daily rate: 1 day × $150.00 = $150.00');
  await expect(price).toContainText('Total for 1 day: $150.00');
  await expect(price).toContainText(
    'Refund on cancellation: 100% when cancelled 30 or more days before arrival; 50% when cancelled 14 or more days before arrival.',
  );

  await day(first + 3, 'available').click();
  for (let d = first; d <= first + 3; d++) await expect(day(d, 'selected')).toBeVisible();
  await expect(form).toContainText('(4 days)');
  await expect(price).toContainText('Daily rate: 4 days × $150.00 = $600.00');
  await expect(price).toContainText('Total for 4 days: $600.00');
  await expect(price.locator('[aria-busy="true"]')).toHaveCount(0);
  await screens(page, 'account-reservations-quote', { fullPage: true });

  const eventName = `Priced retreat ${unique('')}`;
  await form.getByLabel(/^Event Name/).fill(eventName);
  await form.getByLabel(/^Event Description/).fill('Four days of quiet.');
  await form.getByRole('button', { name: 'Submit Reservation Request' }).click();
  await expect(
    page.getByText('Your reservation request was submitted and is pending approval.'),
  ).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row).toContainText(`${key(first)} to ${key(first + 3)}`);
  await expect(row).toContainText('Price: $600.00');
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('$600.00 due');
});

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
  await frame.getByRole('button', { name: 'Pay $450.00' }).click();

  await expect(page.getByText('You have no pending payments.')).toBeVisible();
  const history = page.getByRole('region', { name: 'Payment History' });
  const payment = history.getByRole('row').filter({ hasText: 'Payment' });
  await expect(payment).toContainText(eventName);
  await expect(payment).toContainText('$450.00');
  await expect(
    payment.getByRole('button', { name: `View Receipt for ${eventName}` }),
  ).toBeVisible();

  await page.goto('/account/reservations');
  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$450.00 paid');
  await row.getByRole('button', { name: 'Show Details' }).click();
  await page.getByRole('button', { name: 'Cancel This Reservation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Reservation' });
  await dialogOpen(dialog);
  await expect(dialog).toContainText(messages.confirmCancelReservation);
  await expect(dialog).toContainText(
    'You will be refunded $225.00 of the $450.00 paid (50% when cancelled 14 or more days before arrival).',
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
  await expect(row).toContainText('$225.00 of $450.00 refunded');

  await page.goto('/account/payments');
  await expect(page.getByText('You have no pending payments.')).toBeVisible();
  const refund = history.getByRole('row').filter({ hasText: 'Refund' });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('$225.00');
  await expect(refund).toContainText(
    'Cancelled by the church 14 or more days before arrival: 50% refunded under the cancellation policy.',
  );
  const creditNote = refund.getByRole('button', {
    name: new RegExp(`^View Credit Note for ${eventName}, `),
  });
  await expect(creditNote).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Payment' })).toContainText('$450.00');
  await screens(page, 'account-payments-history-refund', { fullPage: true });

  // The credit note opens in a new tab, served as a PDF.
  const response = await opensPdfInNewTab(page, creditNote);

  // The same signed link's PDF is this refund's credit note.
  const file = await page.request.get(response.url());
  expect(file.status()).toBe(200);
  const text = await pdfText(await file.body());
  expect(text).toContain('Credit note');
  expect(text).toContain(eventName);
  expect(text).toContain('$225.00');
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
  await expect(row).toContainText('$450.00');
  await expect(row).toContainText('Paid $450.00');
  await row.getByRole('button', { name: `Reject ${eventName}`, exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Reject reservation' });
  await dialogOpen(dialog);
  await expect(dialog).toContainText('Paid: $450.00.');
  const amount = dialog.getByRole('textbox', { name: 'Refund (USD)' });
  await expect(amount).toHaveValue('$450.00');
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
  await expect(row).toContainText('Paid $450.00');
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
  await expect(ledger.getByRole('row').filter({ hasText: 'Charge' })).toContainText('$450.00');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Received$450.00');
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

test('an expiry in the past marks the expiry field and nothing is paid', async ({
  page,
  admin,
}) => {
  await memberOnPage(admin, page, 'expired', { withEmail: true });
  const eventName = `Expired card retreat ${unique('')}`;
  const reservation = await reserveDays(
    page.request,
    { eventName, eventDescription: 'Paid with an old card.' },
    LATER,
    3,
  );

  await page.goto('/account/payments');
  await payButton(page, eventName).click();
  await expect(page.locator('iframe[title^="Card payment"]')).toHaveAttribute(
    'data-sandbox-pay-ready',
    'true',
  );
  const frame = await fillCard(page, { ...TEST_CARD, expiry: '0120' });
  const expiry = frame.getByLabel('Expiry (MM/YY)');
  await expect(expiry).toHaveValue('01/20');
  await frame.getByRole('button', { name: 'Pay $450.00' }).click();

  const message = 'Your card has expired: the expiry date is in the past.';
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toHaveAccessibleDescription(message);
  await expect(expiry).toBeFocused();
  await expect(frame.getByLabel('Card number')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(frame.getByLabel('CVC')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(frame.getByRole('button', { name: 'Pay $450.00' })).toBeEnabled();

  // Nothing was paid: the ledger is empty and the payment is still pending.
  const ledger = await api(page.request, 'GET', `/api/payments?reservationId=${reservation.id}`);
  expect(ledger.status()).toBe(200);
  expect(await ledger.json()).toEqual([]);
  await page.reload();
  await expect(payButton(page, eventName)).toBeVisible();
  await expect(page.getByText('No payment history found.')).toBeVisible();
});
