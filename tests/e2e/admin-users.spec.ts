import type { Page } from '@playwright/test';
import { messages } from '../../src/shared/messages.js';
import { ADMIN, api, expect, lastMailTo, loginPage, test, unique } from './fixtures.js';

/** The rows of the pending registrations (the directory under them lists the same users). */
const pendingRows = (page: Page) =>
  page.getByRole('table', { name: 'Pending registrations, oldest first' }).getByRole('row');

/** A visitor registers through the /register screen and is sent to /login. */
async function registerThroughForm(page: Page, username: string, password: string, email?: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  if (email) await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('an administrator approves a registration into a new account, and the user can log in', async ({
  page,
  browser,
  admin,
}) => {
  const username = unique('newcomer');
  const email = `${username}@example.org`;
  const password = 'pass-word-1';
  const accountName = `Church of ${username}`;
  await registerThroughForm(page, username, password, email);

  // The administrator sees the registration waiting, from the dashboard on.
  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const registrations = page.getByRole('region', { name: 'Pending registrations' });
  await expect(registrations).toContainText(/\d+\s*registrations? waiting/);
  await registrations.getByRole('link', { name: 'Review registrations' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  const row = pendingRows(page).filter({ hasText: username });
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: `Approve ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve registration' });
  await expect(dialog).toContainText(username);

  // Creating without a name is refused before any call.
  await dialog.getByLabel('Create a new account').check();
  await dialog.getByRole('button', { name: 'Approve user' }).click();
  await expect(dialog.getByText(messages.newAccountNameRequired)).toBeVisible();

  await dialog.getByLabel('New account name').fill(accountName);
  await dialog.getByRole('button', { name: 'Approve user' }).click();
  await expect(
    page.getByText(
      `${messages.userApproved} ${username} now belongs to the account "${accountName}".`,
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pendingRows(page).filter({ hasText: username })).toHaveCount(0);

  // The account exists and the user was told by mail.
  const accounts = (await (await api(admin, 'GET', '/api/account')).json()) as {
    accountName: string;
  }[];
  expect(accounts.map((a) => a.accountName)).toContain(accountName);
  expect((await lastMailTo(email, /approved/i)).text).toContain(username);

  // The user logs in through the form in a browser of their own.
  const context = await browser.newContext();
  try {
    const userPage = await context.newPage();
    await userPage.goto('/login');
    await userPage.getByLabel('Username').fill(username);
    await userPage.getByLabel(/^Password/).fill(password);
    await userPage.getByRole('button', { name: 'Log In' }).click();
    await expect(userPage).toHaveURL(/\/account\/reservations$/);
    await expect(
      userPage.getByRole('navigation').getByRole('link', { name: 'My Account' }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an administrator rejects a registration after confirming, and it is gone', async ({
  page,
  request,
  admin,
}) => {
  const username = unique('declined');
  const password = 'pass-word-1';
  const registered = await api(request, 'POST', '/api/auth/register', { username, password });
  expect(registered.status(), await registered.text()).toBe(201);

  await loginPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const row = pendingRows(page).filter({ hasText: username });
  await expect(row).toContainText('—');

  // Keeping the registration changes nothing.
  await row.getByRole('button', { name: `Reject ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject registration' });
  await expect(dialog).toContainText(`Reject the registration of ${username}?`);
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Keep registration' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Reject ${username}` }).click();
  await dialog.getByRole('button', { name: 'Reject user' }).click();
  await expect(page.getByText(`Rejected and removed ${username}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pendingRows(page).filter({ hasText: username })).toHaveCount(0);

  // The user is deleted: no longer pending, and cannot log in.
  const pending = (await (await api(admin, 'GET', '/api/users/pending')).json()) as {
    username: string;
  }[];
  expect(pending.map((p) => p.username)).not.toContain(username);
  const login = await api(request, 'POST', '/api/auth/login', { username, password });
  expect(login.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(pendingRows(page).filter({ hasText: username })).toHaveCount(0);
});
