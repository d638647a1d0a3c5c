import {
  ADMIN,
  api,
  expect,
  loginPage,
  memberOnPage,
  reserveDays,
  test,
  unique,
  uploadDocument,
  withoutEmail,
} from './fixtures.js';
import {
  FAR_AHEAD,
  dialogOpen,
  expectNoViolations,
  settled,
  visitAndCheck,
} from './page-checks.js';
import {
  THREE_DAYS,
  acceptAgreementInDialog,
  payButton,
  reserveAndPay,
} from './payment-helpers.js';

/**
 * Checked by axe-core against WCAG 2.0/2.1 A and AA and axe's best practices:
 * no violation of any impact (tests/e2e/page-checks.ts).
 * A member's pages with data in them, and the dialogs that open over them.
 * Same-origin frames (the payment card form) are checked with their page.
 */

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

  // The pending payment opened, then the facility agreement that comes before paying.
  await visitAndCheck(page, '/account/payments');
  await payButton(page, eventName).click();
  await expect(
    page.getByText("Before the first payment, you accept the house's facility agreement"),
  ).toBeVisible();
  await settled(page);
  await expectNoViolations(page, 'Payments with a pending payment opened');
  await page.getByRole('button', { name: `Pay in full (${THREE_DAYS.price})` }).click();
  const agreement = page.getByRole('dialog', { name: 'Facility agreement for group stays' });
  await dialogOpen(agreement);
  await expectNoViolations(page, 'the facility agreement dialog');
  await acceptAgreementInDialog(page);
  // The card form frame (same origin) is checked with the page.
  await expect(page.locator('iframe[title^="Card payment"]')).toHaveAttribute(
    'data-sandbox-pay-ready',
    'true',
  );
  await expect(
    page.frameLocator('iframe[title^="Card payment"]').getByLabel('Card number'),
  ).toBeVisible();
  await expectNoViolations(page, 'Payments with the card form opened');

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
  // 30 or more days ahead: 100% of what was paid beyond the non-refundable deposit.
  await expect(dialog).toContainText(
    `You paid ${THREE_DAYS.price}. The deposit of ${THREE_DAYS.deposit} is not refundable; 100% of the rest comes back: $1,170.00.`,
  );
  await expectNoViolations(page, 'the cancel dialog of a paid reservation');
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
