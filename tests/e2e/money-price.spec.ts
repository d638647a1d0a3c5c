import { monthName, shiftMonth } from '../../src/shared/dates.js';
import { api, expect, memberOnPage, reserveDays, test, unique } from './fixtures.js';
import {
  LATER,
  TEST_CARD,
  THREE_DAYS,
  fillCard,
  openFirstPayment,
  payButton,
} from './payment-helpers.js';
import { screens } from './screens.js';
import { availableRun, dateName, showMonth } from './calendar-helpers.js';

/**
 * The price of the selected days before a request is sent, and the card
 * form's field errors. Shipped pricing (content/pricing.json): per person,
 * billed for at least 12 guests; $65.00 a night, $25.00 for a day without a
 * night; breakfast and dinner $24.00 a day; a 25% non-refundable deposit;
 * 100% refunded 30 or more days before arrival, 50% 14 or more.
 *
 * The e2e database is shared by every test of a run: each test has its own
 * user, and its days are random within a window of its own (the selection journey 8 to 11 months ahead, clear of
 * reservations.spec.ts's 3 to 7; the expired card 10 to 19 months ahead); a clash with
 * another test's days tries other days.
 *
 * Screenshots for review go to test-results/screens/ (git-ignored, and not
 * the run's own output folder, which Playwright empties).
 */

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
  // No guests given yet: a day without a night, billed for the house's minimum of 12.
  await expect(form).toContainText('Groups of 12 to 40; a smaller group is billed for 12.');
  await expect(price).toContainText('Day use: 12 guests — 12 × $25.00 = $300.00');
  await expect(price).toContainText("Billed for 12 guests, the house's minimum.");
  await expect(price).toContainText('Total for 1 day: $300.00');
  await expect(price).toContainText('Deposit to confirm: $75.00 (25%, not refundable)');
  await expect(price).toContainText(
    'Refund on cancellation: 100% when cancelled 30 or more days before arrival; 50% when cancelled 14 or more days before arrival.',
  );

  await day(first + 3, 'available').click();
  for (let d = first; d <= first + 3; d++) await expect(day(d, 'selected')).toBeVisible();
  await expect(form).toContainText('(4 days)');
  await expect(price).toContainText('Lodging: 12 guests × 3 nights — 36 × $65.00 = $2,340.00');
  await expect(price).not.toContainText('Day use');
  await expect(price).toContainText('Total for 4 days: $2,340.00');
  await expect(price).toContainText('Deposit to confirm: $585.00 (25%, not refundable)');

  // The group's own count and meals: the quote follows them.
  await form.getByRole('textbox', { name: /^Expected guests/ }).fill('15');
  await form
    .getByRole('combobox', { name: 'Meals' })
    .selectOption({ label: 'Breakfast and dinner ($24.00 per person per day)' });
  await expect(price).toContainText('Lodging: 15 guests × 3 nights — 45 × $65.00 = $2,925.00');
  await expect(price).toContainText(
    'Breakfast and dinner: 15 guests, 6 meals per guest (dinner on arrival, breakfast and dinner on each of the 2 days between, breakfast on departure) — 15 × $72.00 = $1,080.00',
  );
  await expect(price).toContainText('Total for 4 days: $4,005.00');
  await expect(price).toContainText('Deposit to confirm: $1,001.25 (25%, not refundable)');
  await expect(price).not.toContainText('minimum');
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
  await expect(row).toContainText('Price: $4,005.00');
  await expect(row).toContainText('Guests: 15 expected');
  await expect(row).toContainText('Meals: Breakfast and dinner');
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('$4,005.00 due');
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

  // The agreement is accepted on the way: it comes before any payment.
  await openFirstPayment(page, eventName);
  await expect(page.locator('iframe[title^="Card payment"]')).toHaveAttribute(
    'data-sandbox-pay-ready',
    'true',
  );
  const frame = await fillCard(page, { ...TEST_CARD, expiry: '0120' });
  const expiry = frame.getByLabel('Expiry (MM/YY)');
  await expect(expiry).toHaveValue('01/20');
  await frame.getByRole('button', { name: `Pay ${THREE_DAYS.price}` }).click();

  const message = 'Your card has expired: the expiry date is in the past.';
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toHaveAccessibleDescription(message);
  await expect(expiry).toBeFocused();
  await expect(frame.getByLabel('Card number')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(frame.getByLabel('CVC')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(frame.getByRole('button', { name: `Pay ${THREE_DAYS.price}` })).toBeEnabled();

  // Nothing was paid: the ledger is empty and the payment is still pending.
  const ledger = await api(page.request, 'GET', `/api/payments?reservationId=${reservation.id}`);
  expect(ledger.status()).toBe(200);
  expect(await ledger.json()).toEqual([]);
  await page.reload();
  await expect(payButton(page, eventName)).toContainText(THREE_DAYS.price);
  await expect(payButton(page, eventName)).not.toContainText('still owed');
  await expect(page.getByText('No payment history found.')).toBeVisible();
});
