import type { Page } from '@playwright/test';
import {
  ADMIN,
  approvedMember,
  expect,
  lastMailTo,
  loginPage,
  memberOnPage,
  myEmail,
  reserveDays,
  test,
  unique,
  withoutEmail,
} from './fixtures.js';
import { screens } from './screens.js';

/**
 * The mail journeys (docs/mail.md): the dashboard's warning while the
 * administrator has no address and its form, the mails the house then gets
 * for a registration and a reservation request, the Mail screen's tabs and
 * its test mail, and a member's own address on the Profile page.
 *
 * The e2e server has no SMTP_URL: every mail goes to the dev outbox and is
 * 'sent' within seconds, so the Sent tab is polled with its Refresh button.
 * The shared administrator (ADMIN) is used by other specs and the API cannot
 * make a second one: the warning's journey clears its address first and puts
 * back whatever it was afterwards. Reservations take random days 51 to 62
 * months ahead, clear of the other specs' windows.
 *
 * Screenshots for review go to test-results/screens/ (git-ignored).
 */

// Inside the five-year booking horizon (1830 days), clear of the other specs' windows.
const FAR_AHEAD = { from: 1540, to: 1800 };
const FACILITY = 'Cedar Creek Retreat House';

/** The row (desktop table) of one mail of the open tab, found by its subject and address. */
const mailRow = (page: Page, subject: string, to: string) =>
  page.getByRole('row').filter({ hasText: subject }).filter({ hasText: to });

/** Clicks the open tab's Refresh until `check` passes. */
async function refreshUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeEnabled();
    await refresh.click();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await check();
  }).toPass({ intervals: [500, 1000, 1000], timeout: 15_000 });
}

test('the dashboard warns an admin with no address; once it is set, the house is mailed each registration and request', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await withoutEmail(admin, async () => {
    await loginPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const warning = page.locator('.mantine-Alert-root').filter({ hasText: 'No email address' });
    await expect(warning).toContainText(
      'The house gets no mail: you have no email address. New registrations, reservation requests and the daily list of requests still waiting are mailed to the administrators; add your address to receive them.',
    );
    await expect(page.getByRole('link', { name: 'See the mail the house sends' })).toHaveCount(0);
    await screens(page, 'admin-dashboard-no-email');

    // An empty field and a wrong address are refused on the field.
    const field = warning.getByRole('textbox', { name: 'Your email address' });
    const save = warning.getByRole('button', { name: 'Save email address' });
    await save.click();
    await expect(warning).toContainText('Please enter your email address.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('not-an-address');
    await save.click();
    await expect(warning).toContainText('Please enter a valid email address.');

    const house = `${unique('house')}@example.org`;
    await field.fill(house);
    await save.click();
    await expect(page.getByText(`Your email address is now ${house}.`)).toBeVisible();
    await expect(warning).toBeHidden();
    await expect(
      page.getByText("The house's mail for administrators reaches you at"),
    ).toContainText(house);

    // A new member registers (mail to the house), is approved and requests dates.
    const { username: member, memberApi } = await approvedMember(
      admin,
      playwright.request,
      baseURL,
      'mailmember',
    );
    const eventName = `Mail retreat ${unique('')}`;
    try {
      await reserveDays(
        memberApi,
        { eventName, eventDescription: 'Three days of silence.' },
        FAR_AHEAD,
      );
    } finally {
      await memberApi.dispose();
    }

    await page.getByRole('link', { name: 'See the mail the house sends' }).click();
    await expect(page).toHaveURL(/\/admin\/mail$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
    await page.getByRole('tab', { name: 'Sent' }).click();
    await expect(page).toHaveURL(/\/admin\/mail\?tab=sent$/);
    await expect(page.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');

    const requestSubject = `${FACILITY}: new reservation request from ${member}: ${eventName}`;
    const registrationSubject = `${FACILITY}: new registration from ${member}`;
    await refreshUntil(page, async () => {
      await expect(mailRow(page, requestSubject, house)).toHaveCount(1);
      await expect(mailRow(page, registrationSubject, house)).toHaveCount(1);
    });
    const request = mailRow(page, requestSubject, house);
    await expect(request.getByRole('cell').nth(0)).toContainText('Reservation request');
    await expect(request.getByRole('cell').nth(1)).toHaveText('Sent1 attempt');
    const registration = mailRow(page, registrationSubject, house);
    await expect(registration.getByRole('cell').nth(0)).toContainText('Registration');
    await expect(registration.getByRole('cell').nth(1)).toHaveText('Sent1 attempt');
    await expect(page.getByRole('table', { name: /^Sent mail 1 to \d+$/ })).toBeVisible();

    // The subject names the member, the event and its first day; the text has the facts.
    const sent = await lastMailTo(house, /new reservation request from/);
    expect(sent.subject).toMatch(
      new RegExp(
        `^${requestSubject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, \\d{4}-\\d{2}-\\d{2}$`,
      ),
    );
    expect(sent.text).toContain(`Event: ${eventName}`);
    expect(sent.text).toContain('/admin/reservations');

    // On a phone, each mail is a card with the same facts.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('listitem').filter({ hasText: requestSubject });
    await expect(card).toContainText('Reservation request');
    await expect(card).toContainText(`To: ${house}`);
    await expect(card).toContainText('Attempts: 1');
    await page.setViewportSize({ width: 1280, height: 720 });
    // The toast of the saved address is gone before the screenshots.
    await expect(page.getByText(`Your email address is now ${house}.`)).toBeHidden({
      timeout: 10_000,
    });
    await screens(page, 'admin-mail-sent');
  });
});

test('a test mail from the Mail screen is queued, then sent', async ({ page }) => {
  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/mail?tab=sent');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Send a test mail' });
  const address = form.getByRole('textbox', { name: 'Address' });
  const send = form.getByRole('button', { name: 'Send test mail' });

  await address.fill('');
  await send.click();
  await expect(form).toContainText('Please enter a valid email address.');
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  const to = `${unique('check')}@example.org`;
  await address.fill(to);
  await send.click();
  await expect(form.getByRole('status')).toHaveText(
    `A test mail to ${to} is queued; the Mail screen shows when it is sent.`,
  );
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  // The page shows the Queued tab, where a new mail waits (unless the worker was quicker).
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByRole('tab', { name: 'Queued' })).toHaveAttribute('aria-selected', 'true');
  const subject = `${FACILITY}: test mail`;
  const queued = mailRow(page, subject, to);
  await expect(queued.or(page.getByText('No mail is waiting to be sent.')).first()).toBeVisible();
  if (await queued.isVisible()) {
    await expect(queued.getByRole('cell').nth(0)).toContainText('Test');
    await expect(queued.getByRole('cell').nth(1)).toHaveText(/^(Queued|Sending)\d+ attempts?/);
  }
  // Sent within seconds; Queued no longer lists it.
  await refreshUntil(page, async () => {
    await expect(queued).toHaveCount(0);
  });
  await page.getByRole('tab', { name: 'Sent' }).click();
  await refreshUntil(page, async () => {
    await expect(mailRow(page, subject, to)).toHaveCount(1);
  });
  const row = mailRow(page, subject, to);
  await expect(row.getByRole('cell').nth(0)).toContainText('Test');
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^Sent/);
  await expect(row.getByRole('cell').nth(2)).toContainText('Sent ');

  const mail = await lastMailTo(to, /test mail/);
  expect(mail.text).toContain(`sent by ${ADMIN.username} from the Mail screen`);

  // The message can be dismissed.
  await form.getByRole('button', { name: 'Dismiss' }).click();
  await expect(form.getByRole('status')).toHaveCount(0);
});

test('a member sets an email address on the Profile page, keeps it after a reload, and clears it', async ({
  page,
  admin,
}) => {
  const username = await memberOnPage(admin, page, 'mailprofile');
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Email address' });
  const field = section.getByRole('textbox', { name: 'Email address' });
  const save = section.getByRole('button', { name: 'Save Email Address' });
  await expect(section).toContainText(
    'The house mails you here about your registration, your reservations and password resets. Leave the field empty to get no mail.',
  );
  await expect(field).toHaveValue('');

  await field.fill('no-at-sign');
  await save.click();
  await expect(section).toContainText('Please enter a valid email address.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  const address = `${username}@example.org`;
  await field.fill(address);
  await save.click();
  await expect(section.getByRole('status')).toHaveText(`Your email address is now ${address}.`);
  await expect(field).toHaveValue(address);
  await section.scrollIntoViewIfNeeded();
  await screens(page, 'account-profile-email', { target: section });
  await screens(page, 'account-profile-email-page');

  await page.reload();
  await expect(field).toHaveValue(address);
  expect(await myEmail(page.request)).toBe(address);

  await field.fill('');
  await save.click();
  await expect(section.getByRole('status')).toHaveText('Your email address is removed.');
  await expect(field).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(field).toHaveValue('');
  expect(await myEmail(page.request)).toBeNull();
});
