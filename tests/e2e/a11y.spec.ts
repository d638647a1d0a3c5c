import type { Page } from '@playwright/test';
import floorPlans from '../../content/floor-plans.json' with { type: 'json' };
import gallery from '../../content/gallery.json' with { type: 'json' };
import {
  ADMIN,
  MEMBER_PASSWORD,
  api,
  approvedMember,
  expect,
  loginPage,
  memberOnPage,
  newMember,
  reserveDays,
  test,
  unique,
  uploadDocument,
  withoutEmail,
} from './fixtures.js';
import { PUBLIC_PAGES, dialogOpen, expectNoViolations, settled } from './page-checks.js';
import { payButton, reserveAndPay } from './payment-helpers.js';

/**
 * Every page, and the dialogs that open over them, checked by axe-core against
 * WCAG 2.0/2.1 A and AA and axe's best practices: no violation of any impact.
 * Same-origin frames (the payment card form) are checked with their page. The
 * map is a cross-origin OpenStreetMap frame: refused here (no network) and its
 * inside left out of the scan, since its content is not ours.
 */

/** Reservations take random days 20 to 50 months ahead, clear of the other specs' days. */
const FAR_AHEAD = { from: 610, to: 1520 };

test.beforeEach(async ({ page }) => {
  await page.route('https://www.openstreetmap.org/**', (route) => route.abort());
});

async function visitAndCheck(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
  await expectNoViolations(page, url);
}

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

test('the account pages, with data, have no accessibility violations', async ({ page, admin }) => {
  test.setTimeout(90_000);
  await memberOnPage(admin, page, 'axe', { withEmail: true });
  const eventName = `Axe retreat ${unique('')}`;
  await reserveDays(
    page.request,
    {
      eventName,
      eventDescription: 'A quiet weekend of prayer.',
      additionalInfo: 'Vegetarian meals.',
    },
    FAR_AHEAD,
  );
  await uploadDocument(page.request, 'minutes.pdf', 'Minutes of the spring meeting');
  const profile = await api(page.request, 'PUT', '/api/account/profile', {
    primaryContactFullName: 'Ann Smith',
    primaryContactEmail: 'ann@example.org',
    responsiblePersons: [
      {
        fullName: 'Bob Jones',
        phoneNumber: '555-0101',
        email: 'bob@example.org',
        address: 'Elm Rd',
      },
    ],
  });
  expect(profile.status(), await profile.text()).toBe(200);

  await page.goto('/account/profile');
  await settled(page);
  await expect(page.getByRole('list', { name: 'Responsible persons' })).toContainText('Bob Jones');
  await expectNoViolations(page, '/account/profile');

  await page.goto('/account/reservations');
  await settled(page);
  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row).toBeVisible();
  await expectNoViolations(page, '/account/reservations');

  await row.getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByText('Vegetarian meals.')).toBeVisible();
  await settled(page);
  await expectNoViolations(page, 'My Reservations with a reservation expanded');

  await page.getByRole('button', { name: 'Cancel This Reservation' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Reservation' });
  await dialogOpen(cancel);
  await expectNoViolations(page, 'the cancel-reservation confirmation');
  await cancel.getByRole('button', { name: 'No, Keep It' }).click();
  await expect(cancel).toBeHidden();

  // Two days selected (not submitted): the New Reservation form shows.
  await page.getByRole('button', { name: 'Next month' }).click();
  await settled(page);
  const available = page.getByRole('grid').getByRole('button', { name: /, available$/ });
  await available.nth(9).click();
  await available.nth(10).click();
  await expect(page.getByRole('heading', { name: 'New Reservation' })).toBeVisible();
  await settled(page);
  await expectNoViolations(page, 'My Reservations with dates selected');

  // The pending payment opened: the card form frame (same origin) is checked with the page.
  await visitAndCheck(page, '/account/payments');
  await payButton(page, eventName).click();
  await expect(page.locator('iframe[title^="Card payment"]')).toHaveAttribute(
    'data-sandbox-pay-ready',
    'true',
  );
  await expect(
    page.frameLocator('iframe[title^="Card payment"]').getByLabel('Card number'),
  ).toBeVisible();
  await expectNoViolations(page, 'Payments with a pending payment opened');

  await page.goto('/account/documentation');
  await settled(page);
  await expect(page.getByRole('cell', { name: 'minutes.pdf', exact: true })).toBeVisible();
  await expectNoViolations(page, '/account/documentation');

  await page.goto('/account/history');
  await settled(page);
  await expect(
    page
      .getByRole('list', { name: /^Account activity/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expectNoViolations(page, '/account/history');
});

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

test("the member's money screens, with a payment and a refund, have no accessibility violations", async ({
  page,
  admin,
}) => {
  test.setTimeout(60_000);
  await memberOnPage(admin, page, 'axepay', { withEmail: true });
  const paid = `Axe paid retreat ${unique('')}`;
  const cancelled = `Axe cancelled retreat ${unique('')}`;
  await reserveAndPay(page.request, { eventName: paid, eventDescription: 'Paid.' }, FAR_AHEAD);
  const gone = await reserveAndPay(
    page.request,
    { eventName: cancelled, eventDescription: 'Paid, then cancelled.' },
    FAR_AHEAD,
  );
  const cancel = await api(page.request, 'PATCH', `/api/reservations/${gone.id}/cancel`);
  expect(cancel.status(), await cancel.text()).toBe(200);

  // Payment History with payments, a refund and its credit note.
  await page.goto('/account/payments');
  await settled(page);
  await expect(
    page.getByRole('button', { name: new RegExp(`^View Credit Note for ${cancelled}`) }),
  ).toBeVisible();
  await expectNoViolations(page, '/account/payments with a refund');

  // The member's cancel dialog of a paid reservation, with what would be refunded.
  await page.goto('/account/reservations');
  await settled(page);
  await page
    .getByRole('row')
    .filter({ hasText: paid })
    .getByRole('button', { name: 'Show Details' })
    .click();
  await page.getByRole('button', { name: 'Cancel This Reservation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Reservation' });
  await dialogOpen(dialog);
  await expect(dialog).toContainText('You will be refunded $450.00 of the $450.00 paid');
  await expectNoViolations(page, 'the cancel dialog of a paid reservation');
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
  await expect(dialog).toContainText('Paid: $450.00.');
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

test("the dashboard's no-address warning and the Profile page's email section have no accessibility violations", async ({
  page,
  admin,
}) => {
  test.setTimeout(60_000);
  // The shared administrator's address is cleared for the warning, then put back.
  await withoutEmail(admin, async () => {
    await loginPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/dashboard');
    await settled(page);
    const warning = page.locator('.mantine-Alert-root').filter({ hasText: 'No email address' });
    await expect(warning.getByRole('textbox', { name: 'Your email address' })).toBeVisible();
    await expectNoViolations(page, '/admin/dashboard with the no-address warning');
    await warning.getByRole('button', { name: 'Save email address' }).click();
    await expect(warning).toContainText('Please enter your email address.');
    await expectNoViolations(page, 'the no-address warning with a field error');
  });

  // The administrator's session makes way for the member's.
  await page.context().clearCookies();
  const username = await memberOnPage(admin, page, 'axeemail', { withEmail: true });
  await page.goto('/account/profile');
  await settled(page);
  const section = page.getByRole('region', { name: 'Email address' });
  const field = section.getByRole('textbox', { name: 'Email address' });
  await expect(field).toHaveValue(`${username}@example.org`);
  await expectNoViolations(page, '/account/profile with an email address');
  await field.fill('no-at-sign');
  await section.getByRole('button', { name: 'Save Email Address' }).click();
  await expect(section).toContainText('Please enter a valid email address.');
  await expectNoViolations(page, "the Profile page's email field with an error");
  await field.fill(`new-${username}@example.org`);
  await section.getByRole('button', { name: 'Save Email Address' }).click();
  await expect(section.getByRole('status')).toContainText('Your email address is now');
  await expectNoViolations(page, "the Profile page's email section after saving");
});
