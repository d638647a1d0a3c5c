import { monthName, shiftMonth } from '../../src/shared/dates.js';
import { ADMIN, api, expect, loginPage, memberOnPage, test, unique } from './fixtures.js';
import { dialogOpen, expectNoViolations } from './page-checks.js';
import { acceptAgreementInDialog, fillCard, payButton } from './payment-helpers.js';
import { screens } from './screens.js';
import { availableRun, dateName, showMonth } from './calendar-helpers.js';

/**
 * A group's whole stay as the shipped house runs it (docs/money.md): per-person
 * rates with a minimum of 12, $65.00 a night, three meals a day at $35.00, a
 * 25% non-refundable deposit. The leader asks for 20 guests with full board
 * and sees the quote follow; once approved, accepts the facility agreement
 * and pays the deposit, later the balance; the staff set a final count of 15,
 * and the church gets the difference back with a credit note and an invoice.
 *
 * Its days: three in a random month 12 to 15 months ahead (another test's days
 * there are stepped around by availableRun).
 */
test('a group leader asks for 20 guests with meals, signs, pays deposit then balance; a lower final count is refunded', async ({
  page,
  admin,
  browser,
}) => {
  test.setTimeout(120_000);
  const leader = await memberOnPage(admin, page, 'leader', { withEmail: true });
  const now = new Date();
  const { year, month } = shiftMonth(
    now.getUTCFullYear(),
    now.getUTCMonth() + 1,
    12 + Math.floor(Math.random() * 4),
  );
  const key = (d: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const day = (d: number) =>
    page.getByRole('button', { name: `${dateName(key(d))}, available`, exact: true });

  // The request: the quote follows the guests and the meals.
  await page.goto('/account/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
  await showMonth(page, `${monthName(month)} ${year}`);
  const first = await availableRun(page, 3);
  await day(first).click();
  await day(first + 2).click();
  const form = page.getByRole('region', { name: 'New Reservation' });
  const price = form.getByRole('region', { name: 'Price' });
  await expect(form).toContainText('(3 days)');
  const guests = form.getByRole('textbox', { name: /^Expected guests/ });
  await expect(form).toContainText('Groups of 12 to 40; a smaller group is billed for 12.');
  await guests.fill('8');
  await expect(price).toContainText("Billed for 12 guests, the house's minimum.");
  await expect(price).toContainText('Lodging: 12 guests × 2 nights — 24 × $65.00 = $1,560.00');
  await guests.fill('20');
  await form.getByRole('combobox', { name: 'Meals' }).selectOption('full-board');
  await expect(price).toContainText('Lodging: 20 guests × 2 nights — 40 × $65.00 = $2,600.00');
  await expect(price).toContainText(
    'Three meals a day: 20 guests, 6 meals per guest (dinner on arrival, breakfast, lunch and dinner on the day between, breakfast and lunch on departure) — 20 × $70.00 = $1,400.00',
  );
  await expect(price).toContainText('Total for 3 days: $4,000.00');
  await expect(price).toContainText('Deposit to confirm: $1,000.00 (25%, not refundable)');
  await expect(price).not.toContainText('minimum');
  await expect(price.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolations(page, 'the New Reservation form of a group');
  await screens(page, 'group-new-reservation', { target: form });

  const eventName = `Group retreat ${unique('')}`;
  await form.getByLabel(/^Event Name/).fill(eventName);
  await form.getByLabel(/^Event Description/).fill('Twenty of us, with every meal.');
  await form.getByRole('button', { name: 'Submit Reservation Request' }).click();
  await expect(
    page.getByText('Your reservation request was submitted and is pending approval.'),
  ).toBeVisible();
  const mine = (await (
    await api(page.request, 'GET', '/api/reservations/my-reservations')
  ).json()) as { id: number; eventName: string; guests: number; mealPlan: string }[];
  const stay = mine.find((r) => r.eventName === eventName)!;
  expect(stay).toMatchObject({ guests: 20, mealPlan: 'full-board' });
  const approved = await api(admin, 'PATCH', `/api/reservations/${stay.id}/status`, {
    status: 'approved',
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The deposit: the agreement comes first.
  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(payButton(page, eventName)).toContainText('$4,000.00');
  await payButton(page, eventName).click();
  await page.getByRole('button', { name: 'Pay deposit ($1,000.00)' }).click();
  const agreement = page.getByRole('dialog', { name: 'Facility agreement for group stays' });
  await dialogOpen(agreement);
  await expect(agreement).toContainText('Version 2026-2');
  await expectNoViolations(page, 'the facility agreement');
  await screens(page, 'group-agreement', { fullPage: false });
  await acceptAgreementInDialog(page, 'Anna Lindqvist');
  let frame = await fillCard(page);
  await frame.getByRole('button', { name: 'Pay $1,000.00' }).click();
  await expect(payButton(page, eventName)).toContainText('$3,000.00 still owed');
  const history = page.getByRole('region', { name: 'Payment History' });
  await expect(history.getByRole('row').filter({ hasText: 'Payment' })).toHaveCount(1);

  // Later, the balance (the panel opens again with what is owed).
  await page.reload();
  await payButton(page, eventName).click();
  await expect(page.getByRole('button', { name: 'Pay deposit ($1,000.00)' })).toHaveCount(0);
  await expect(
    page.getByText(/^Agreement version 2026-2 accepted by Anna Lindqvist on /),
  ).toBeVisible();
  await expectNoViolations(page, 'a stay with its deposit paid');
  await screens(page, 'group-payments-balance');
  await page.getByRole('button', { name: 'Pay balance ($3,000.00)' }).click();
  frame = await fillCard(page);
  await frame.getByRole('button', { name: 'Pay $3,000.00' }).click();
  await expect(page.getByText('You have no pending payments.')).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Payment' })).toHaveCount(2);

  // The staff set a final count of 15: $3,000.00 now, $1,000.00 back.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginPage(staff, ADMIN.username, ADMIN.password);
  await staff.goto('/admin/reservations');
  await expect(staff.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
  await staff.getByLabel('Filter by user').selectOption({ label: leader });
  const row = staff.getByRole('row').filter({ hasText: eventName });
  await expect(row).toContainText('Anna Lindqvist');
  await row.getByRole('button', { name: `Set final count for ${eventName}` }).click();
  const count = staff.getByRole('dialog', { name: 'Set final count' });
  await dialogOpen(count);
  await expect(count).toContainText('Guests expected: 20. Final count: not given yet.');
  await count.getByRole('textbox', { name: /^Final number of guests/ }).fill('15');
  await expectNoViolations(staff, 'the final count dialog');
  await screens(staff, 'group-admin-final-count', { fullPage: false });
  await count.getByRole('button', { name: 'Set final count' }).click();
  await expect(count).toBeHidden();
  await expect(row).toContainText('Final count: 15');
  await expect(row).toContainText('$3,000.00');
  await staffContext.close();

  // The church sees the refund, the credit note, the invoice and its signed agreement.
  await page.goto('/account/payments');
  const refund = history.getByRole('row').filter({ hasText: 'Refund' });
  await expect(refund).toContainText('$1,000.00');
  await page.goto('/account/documentation');
  const documents = page.getByRole('table');
  for (const kind of ['Credit note', 'Invoice', 'Signed agreement', 'Receipt']) {
    await expect(documents.getByRole('row').filter({ hasText: kind }).first()).toBeVisible();
  }
  await expectNoViolations(page, 'the documents of a group stay');
  await screens(page, 'group-documents');
});
