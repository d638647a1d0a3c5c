import {
  ADMIN,
  MEMBER_PASSWORD,
  api,
  approvedMember,
  expect,
  loginPage,
  newMember,
  reserveDays,
  test,
  unique,
} from './fixtures.js';
import { FAR_AHEAD, dialogOpen, expectNoViolations, settled } from './page-checks.js';
import { THREE_DAYS, reserveAndPay } from './payment-helpers.js';

/**
 * Checked by axe-core against WCAG 2.0/2.1 A and AA and axe's best practices:
 * no violation of any impact (tests/e2e/page-checks.ts).
 * The administrator's pages with data in them, and their dialogs.
 */

test('the admin pages and their dialogs have no accessibility violations', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { memberApi } = await approvedMember(admin, playwright.request, baseURL, 'axeres');
  const eventName = `Axe admin retreat ${unique('')}`;
  await reserveDays(memberApi, { eventName, eventDescription: 'Two days of singing.' }, FAR_AHEAD);
  await memberApi.dispose();
  const pending = unique('axepend');
  const reg = await api(admin, 'POST', '/api/auth/register', {
    username: pending,
    password: MEMBER_PASSWORD,
    email: `${pending}@example.org`,
  });
  expect(reg.status(), await reg.text()).toBe(201);

  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/dashboard');
  await settled(page);
  await expect(page.getByRole('region', { name: 'Pending registrations' })).toContainText(
    /registrations? waiting/,
  );
  await expectNoViolations(page, '/admin/dashboard');

  await page.goto('/admin/users');
  await settled(page);
  await expect(
    page
      .getByRole('table', { name: 'Pending registrations, oldest first' })
      .getByRole('row')
      .filter({ hasText: pending }),
  ).toBeVisible();
  await expectNoViolations(page, '/admin/users with a pending registration');
  await page.getByRole('button', { name: `Approve ${pending}` }).click();
  const approve = page.getByRole('dialog', { name: 'Approve registration' });
  await dialogOpen(approve);
  await settled(page);
  await expectNoViolations(page, 'the approve-registration dialog');
  await approve.getByRole('button', { name: 'Back' }).click();
  await expect(approve).toBeHidden();

  await page.goto('/admin/reservations');
  await settled(page);
  await expect(page.getByRole('row').filter({ hasText: eventName })).toBeVisible();
  await expectNoViolations(page, '/admin/reservations');
  await page.getByRole('button', { name: `Reject ${eventName}`, exact: true }).click();
  const reject = page.getByRole('dialog', { name: 'Reject reservation' });
  await dialogOpen(reject);
  await expectNoViolations(page, 'the reject-reservation dialog');
});

test('the directory and closed-days pages have no axe violations', async ({ page, admin }) => {
  const member = await newMember(admin, 'axedir');
  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/accounts');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Churches' })).toBeVisible();
  await expectNoViolations(page, '/admin/accounts');

  const churches = (await (await api(admin, 'GET', '/api/accounts')).json()) as {
    id: number;
    accountName: string;
  }[];
  const church = churches.find((c) => c.accountName === `Church of ${member}`)!;
  await page.goto(`/admin/accounts/${church.id}`);
  await settled(page);
  await expectNoViolations(page, "a church's page");

  await page.goto('/admin/users');
  await settled(page);
  await page
    .getByRole('button', { name: /^Move to church: / })
    .first()
    .click();
  const move = page.getByRole('dialog', { name: 'Move to church' });
  await dialogOpen(move);
  await expectNoViolations(page, 'the move-to-church dialog');
  await page.keyboard.press('Escape');

  await page.goto('/admin/closures');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Closed days' })).toBeVisible();
  await expectNoViolations(page, '/admin/closures');
});

test('the admin Payments page and the reject dialog of a paid reservation have no accessibility violations', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { memberApi } = await approvedMember(admin, playwright.request, baseURL, 'axerefund');
  const paid = `Axe paid retreat ${unique('')}`;
  const rejected = `Axe rejected retreat ${unique('')}`;
  await reserveAndPay(memberApi, { eventName: paid, eventDescription: 'Paid.' }, FAR_AHEAD);
  const closed = await reserveAndPay(
    memberApi,
    { eventName: rejected, eventDescription: 'Paid, then rejected.' },
    FAR_AHEAD,
  );
  await memberApi.dispose();
  const reject = await api(admin, 'PATCH', `/api/reservations/${closed.id}/status`, {
    status: 'rejected',
    adminNotes: 'The house is closed.',
    refundCents: 10000,
    refundReason: 'The kitchen was booked.',
  });
  expect(reject.status(), await reject.text()).toBe(200);

  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/payments');
  await settled(page);
  await expect(
    page
      .getByRole('table', { name: /^Payments and refunds/ })
      .getByRole('row')
      .filter({ hasText: rejected }),
  ).toHaveCount(2);
  await expectNoViolations(page, '/admin/payments');

  await page.goto('/admin/reservations');
  await settled(page);
  await page.getByRole('button', { name: `Reject ${paid}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject reservation' });
  await dialogOpen(dialog);
  await expect(dialog).toContainText(`Paid: ${THREE_DAYS.price}.`);
  await expectNoViolations(page, 'the reject dialog of a paid reservation');

  // A smaller refund sent without its reason: the error shows on the field.
  await dialog.getByRole('textbox', { name: 'Refund (USD)' }).fill('100');
  await dialog.getByRole('button', { name: 'Reject reservation' }).click();
  await expect(dialog).toContainText('Give a reason for refunding less than the whole amount.');
  await expectNoViolations(page, 'the reject dialog with a smaller refund and no reason');
});

test('the Mail screen, at a desktop and a phone width, has no accessibility violations', async ({
  page,
  admin,
}) => {
  test.setTimeout(60_000);
  // A sent mail, so that the Sent tab has rows (the dev outbox sends within seconds).
  const to = `${unique('axemail')}@example.org`;
  const queued = await api(admin, 'POST', '/api/admin/mail/test', { to });
  expect(queued.status(), await queued.text()).toBe(202);
  await expect
    .poll(async () => {
      const res = await api(admin, 'GET', '/api/admin/mail?status=sent&limit=50');
      return ((await res.json()) as { to: string }[]).some((m) => m.to === to);
    })
    .toBe(true);

  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/mail?tab=sent');
  await settled(page);
  await expect(page.getByRole('row').filter({ hasText: to })).toBeVisible();
  await expectNoViolations(page, '/admin/mail, Sent tab, at 1280 px');

  // The test mail form with its field error, then with the server's answer (Queued tab).
  const form = page.getByRole('region', { name: 'Send a test mail' });
  await form.getByRole('textbox', { name: 'Address' }).fill('');
  await form.getByRole('button', { name: 'Send test mail' }).click();
  await expect(form).toContainText('Please enter a valid email address.');
  await expectNoViolations(page, 'the test mail form with a field error');
  await form.getByRole('textbox', { name: 'Address' }).fill(to);
  await form.getByRole('button', { name: 'Send test mail' }).click();
  await expect(form.getByRole('status')).toContainText(`A test mail to ${to} is queued`);
  await settled(page);
  await expectNoViolations(page, '/admin/mail, Queued tab, after a test mail');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/mail?tab=sent');
  await settled(page);
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `To: ${to}` })
      .first(),
  ).toBeVisible();
  await expectNoViolations(page, '/admin/mail, Sent tab, at 390 px');
});
