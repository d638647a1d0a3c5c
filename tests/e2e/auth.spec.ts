import { messages } from '../../src/shared/messages.js';
import {
  MEMBER_PASSWORD,
  expect,
  lastMailTo,
  loginPage,
  memberOnPage,
  newMember,
  registerApproved,
  test,
  unique,
  approve,
} from './fixtures.js';

test('register, approval by an administrator, login, logout', async ({ page, admin }) => {
  const username = unique('member');
  const password = 'first-pass-1';

  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: /register/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes before the new page is drawn, and both forms have a
  // Username field: wait for the login form itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  // A pending user cannot log in yet.
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(messages.pendingApproval)).toBeVisible();

  await approve(admin, username);

  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account\/reservations$/);
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'My Account' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.mustLogIn)).toBeVisible();
});

test('forgot password, reset link from the outbox, login with the new password', async ({
  page,
  admin,
}) => {
  const username = unique('forgetful');
  const email = `${username}@example.org`;
  await registerApproved(admin, { username, password: 'old-pass-1', email });

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('button', { name: messages.sendResetLink })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: messages.sendResetLink }).click();
  await expect(page.getByText(messages.forgotSuccess)).toBeVisible();

  const mail = await lastMailTo(email, /reset/i);
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel(/^New password/).fill('new-pass-2');
  await page.getByLabel(/^Confirm new password/).fill('new-pass-2');
  await page.getByRole('button', { name: messages.resetPassword }).click();
  await expect(page.getByRole('link', { name: messages.proceedToLogin })).toBeVisible();
  // The screen sends the user to login by itself after 3 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill('new-pass-2');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account\/reservations$/);

  // The link works once only.
  await page.goto(link!);
  await page.getByLabel(/^New password/).fill('third-pass-3');
  await page.getByLabel(/^Confirm new password/).fill('third-pass-3');
  await page.getByRole('button', { name: messages.resetPassword }).click();
  await expect(page.getByText(messages.resetFailure)).toBeVisible();
});

test('login returns to the page that asked for it', async ({ page, admin }) => {
  const username = await newMember(admin, 'returner');
  await page.goto('/account/documentation');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account\/documentation$/);
});

test('a member reaching the admin area is told so and sent to their reservations', async ({
  page,
  admin,
}) => {
  await memberOnPage(admin, page, 'curious');
  await page.goto('/admin/users');
  await expect(page.getByText(messages.adminRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/reservations$/);
});

test('an administrator sees the Admin link and the admin pages', async ({ page }) => {
  await loginPage(page, 'admin', 'admin-e2e-password');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
});
