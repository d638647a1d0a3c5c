import type { Locator, Page } from '@playwright/test';
import {
  ADMIN,
  MEMBER_PASSWORD,
  api,
  expect,
  loginPage,
  registerApproved,
  reserveDays,
  test,
  unique,
  uploadDocument,
} from './fixtures.js';
import { settled } from './page-checks.js';
import { acceptAgreementInDialog } from './payment-helpers.js';

/**
 * Stored texts that contain HTML or script are shown as text: nothing they
 * contain runs, no element is made from them, and the literal text is on the
 * page. Each payload would set window.__xss (or open a dialog) if it ran.
 */

const HTML = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const SCRIPT = '<script>window.__xss=2</script>';
const FILE_NAME = '<img src=x onerror=window.__xss=3>.pdf';

/** Fails the test on any sign that a payload became markup or ran. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const cspReports: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspReports.push(msg.text());
  });
  return async function expectInert(where: string) {
    expect(
      await page.evaluate(() => (window as { __xss?: unknown }).__xss),
      `window.__xss on ${where}`,
    ).toBeUndefined();
    expect(dialogs, `dialogs on ${where}`).toEqual([]);
    // Nothing was even tried (the CSP would refuse inline code and report it).
    expect(cspReports, `CSP reports on ${where}`).toEqual([]);
    // No element was made from a payload.
    await expect(page.locator('img[src="x"]'), `an injected <img> on ${where}`).toHaveCount(0);
    await expect(
      page.locator('script', { hasText: '__xss' }),
      `an injected <script> on ${where}`,
    ).toHaveCount(0);
  };
}

/** The text as text: an element whose own text is exactly it. */
const asText = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).first();

test('stored HTML and script show as text on every page that shows them', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = unique('');
  // Usernames are free text too (no spaces, control or invisible characters: HTML needs none).
  const username = `<img/src=x/onerror=window.__xss=4>${tag}`;
  const eventName = `${HTML} ${tag}`;
  const description = `Description ${HTML}`;
  const accountName = `${HTML} church ${tag}`;
  const personName = `${HTML} person`;
  const documentDescription = `Minutes ${HTML}`;
  const expectInert = watch(page);

  await registerApproved(admin, { username, password: MEMBER_PASSWORD });
  await loginPage(page, username, MEMBER_PASSWORD);
  // A stay in the next weeks: the admin dashboard lists only the next five
  // stays, and the other specs book from three months ahead on.
  await reserveDays(
    page.request,
    { eventName, eventDescription: description, additionalInfo: `Info ${SCRIPT}` },
    { from: 2, to: 40 },
    2,
  );
  const renamed = await api(page.request, 'PUT', '/api/account/profile', { accountName });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const uploaded = await uploadDocument(page.request, FILE_NAME, documentDescription);
  // The server keeps a safe file name (no < > " in names it puts in headers); it is still shown as text.
  expect(uploaded.fileName).toBe('_img src=x onerror=window.__xss=3_.pdf');
  expect(uploaded.description).toBe(documentDescription);

  // Profile: the responsible person is added through the form.
  await page.goto('/account/profile');
  await settled(page);
  const persons = page.getByRole('region', { name: 'Responsible Persons' });
  const form = persons.getByRole('form', { name: 'Add a Responsible Person' });
  await form.getByLabel(/^Full name/).fill(personName);
  await form.getByRole('button', { name: 'Add Person' }).click();
  await expect(persons.getByRole('status')).toHaveText(`${personName} was added.`);
  await expect(persons.getByRole('list', { name: 'Responsible persons' })).toContainText(
    personName,
  );
  await expect(
    page.getByRole('region', { name: 'Account Name' }).getByLabel(/^Account name/),
  ).toHaveValue(accountName);
  await expect(page.getByRole('region', { name: 'Change Username' })).toContainText(username);
  await expectInert('/account/profile');
  await page.reload();
  await settled(page);
  await expect(asText(page, personName)).toBeVisible();
  await expectInert('/account/profile after a reload');

  // My Reservations: the row, then its details.
  await page.goto('/account/reservations');
  await settled(page);
  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row.getByRole('cell', { name: eventName, exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Show Details' }).click();
  await expect(asText(page, description)).toBeVisible();
  await expect(asText(page, `Info ${SCRIPT}`)).toBeVisible();
  await expectInert('/account/reservations (expanded)');

  // Payments: the pending panel, opened on the facility agreement (which names
  // the event), then on its card form. Two days: 12 guests (the minimum) × 1 night × $65.00.
  await page.goto('/account/payments');
  await settled(page);
  const panel = page.getByRole('button', { name: `Pay for: ${eventName}` });
  await expect(panel).toContainText(eventName);
  await panel.click();
  await page.getByRole('button', { name: 'Pay in full ($780.00)' }).click();
  const agreement = page.getByRole('dialog', { name: 'Facility agreement for group stays' });
  await expect(agreement).toContainText(`for "${eventName}"`);
  await expectInert('the facility agreement dialog');
  await acceptAgreementInDialog(page);
  await expect(page.locator('iframe[title^="Card payment"]')).toHaveAttribute(
    'title',
    `Card payment for ${eventName}`,
  );
  await expect(
    page.frameLocator('iframe[title^="Card payment"]').getByLabel('Card number'),
  ).toBeVisible();
  await expectInert('/account/payments');

  // Documentation: the file name and the description.
  await page.goto('/account/documentation');
  await settled(page);
  const docRow = page.getByRole('row').filter({ hasText: uploaded.fileName });
  await expect(docRow.getByRole('cell', { name: uploaded.fileName, exact: true })).toBeVisible();
  await expect(docRow.getByRole('cell', { name: documentDescription, exact: true })).toBeVisible();
  await expect(docRow.getByRole('cell', { name: username, exact: true })).toBeVisible();
  await expectInert('/account/documentation');

  // History: the activity names the event, the document and the user.
  await page.goto('/account/history');
  await settled(page);
  const activity = page.getByRole('list', { name: /^Account activity/ });
  await expect(activity).toContainText(`Reservation requested: ${eventName}`);
  await expect(activity).toContainText(`Document added: ${uploaded.fileName}`);
  await expect(activity).toContainText(`by ${username}`);
  await expectInert('/account/history');

  // The administrator's pages, with a registration whose username is a payload too.
  const pendingName = `<script>window.__xss=5</script>${tag}`;
  const registration = await playwright.request.newContext({ baseURL });
  const reg = await api(registration, 'POST', '/api/auth/register', {
    username: pendingName,
    password: MEMBER_PASSWORD,
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await registration.dispose();
  await loginPage(page, ADMIN.username, ADMIN.password);

  await page.goto('/admin/dashboard');
  await settled(page);
  const nextStays = page.getByRole('region', { name: 'Next stays' });
  await expect(nextStays.getByRole('row').filter({ hasText: eventName })).toContainText(username);
  await expect(asText(nextStays, eventName)).toBeVisible();
  await expectInert('/admin/dashboard');

  await page.goto('/admin/reservations');
  await settled(page);
  const adminRow = page.getByRole('row').filter({ hasText: eventName });
  await expect(asText(adminRow, eventName)).toBeVisible();
  await expect(asText(adminRow, description)).toBeVisible();
  await expect(asText(adminRow, `Additional information: Info ${SCRIPT}`)).toBeVisible();
  await expect(asText(adminRow, username)).toBeVisible();
  await expectInert('/admin/reservations');

  // Users: the pending username, and the account name among the accounts to assign.
  await page.goto('/admin/users');
  await settled(page);
  const userRow = page
    .getByRole('table', { name: 'Pending registrations, oldest first' })
    .getByRole('row')
    .filter({ hasText: pendingName });
  await expect(asText(userRow, pendingName)).toBeVisible();
  await userRow.getByRole('button', { name: `Approve ${pendingName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve registration' });
  await expect(dialog).toContainText(`Approve ${pendingName} and add them`);
  await dialog.getByRole('combobox', { name: 'Existing account' }).fill(tag);
  await expect(
    page
      .getByRole('listbox', { name: 'Existing account' })
      .getByRole('option', { name: accountName, exact: true }),
  ).toBeVisible();
  await expectInert('/admin/users');
  await page.keyboard.press('Escape');

  // The directory and the church's own page.
  await page.goto('/admin/accounts');
  await settled(page);
  await page.getByRole('link', { name: accountName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: accountName })).toBeVisible();
  await expect(asText(page, documentDescription)).toBeVisible();
  await expectInert("a church's page");
});

test('the Content-Security-Policy allows no inline script', async ({ request }) => {
  for (const url of ['/', '/account/reservations']) {
    const res = await request.get(url);
    expect(res.status()).toBe(200);
    const csp = res.headers()['content-security-policy'];
    expect(csp, `CSP of ${url}`).toBeTruthy();
    const directives = new Map(
      csp!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name!.toLowerCase(), values] as const),
    );
    // script-src, or default-src where script-src is not given, governs scripts.
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSrc, `script-src of ${url}`).toBeTruthy();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain('*');
    expect(
      directives.has('script-src-attr') ? directives.get('script-src-attr') : [],
    ).not.toContain("'unsafe-inline'");
  }
});
