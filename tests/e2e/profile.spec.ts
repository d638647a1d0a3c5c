import type { Locator, Page } from '@playwright/test';
import { messages } from '../../src/shared/messages.js';
import { MEMBER_PASSWORD, expect, memberOnPage, test } from './fixtures.js';

/** The member's profile journeys: each test has its own user and account. */

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function addPerson(
  form: Locator,
  person: { fullName: string; phoneNumber?: string; email?: string; address?: string },
) {
  await form.getByLabel(/^Full name/).fill(person.fullName);
  await form.getByLabel('Phone number').fill(person.phoneNumber ?? '');
  await form.getByLabel('Email').fill(person.email ?? '');
  await form.getByLabel('Address').fill(person.address ?? '');
  await form.getByRole('button', { name: 'Add Person' }).click();
}

test('a member edits the contact details and the responsible persons, and they are saved', async ({
  page,
  admin,
}) => {
  const username = await memberOnPage(admin, page, 'profiler');

  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(section(page, 'Change Username')).toContainText(username);
  await expect(section(page, 'Account Name').getByLabel(/^Account name/)).toHaveValue(
    `Church of ${username}`,
  );

  // Primary contact.
  const contact = section(page, 'Primary Contact');
  await contact.getByLabel('Full name').fill('Ann Smith');
  await contact.getByLabel('Phone number').fill('555-0100');
  await contact.getByLabel('Address').fill('1 Main St\nSpringfield');
  await contact.getByLabel('Email').fill('ann@example.org');
  await contact.getByRole('button', { name: 'Save Contact Information' }).click();
  await expect(contact.getByRole('status')).toHaveText('Primary contact information updated.');

  // Two responsible persons, then one removed.
  const persons = section(page, 'Responsible Persons');
  const form = persons.getByRole('form', { name: 'Add a Responsible Person' });
  await expect(persons.getByText('No responsible persons have been added yet.')).toBeVisible();
  await form.getByRole('button', { name: 'Add Person' }).click();
  await expect(form.getByText(messages.responsiblePersonNameRequired)).toBeVisible();
  await addPerson(form, {
    fullName: 'Bob Jones',
    phoneNumber: '555-0101',
    email: 'bob@example.org',
  });
  await expect(persons.getByRole('status')).toHaveText('Bob Jones was added.');
  await addPerson(form, { fullName: 'Cat Lee', address: 'Elm Rd' });
  await expect(persons.getByRole('status')).toHaveText('Cat Lee was added.');
  const list = persons.getByRole('list', { name: 'Responsible persons' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await persons.getByRole('button', { name: 'Remove Bob Jones' }).click();
  await expect(persons.getByRole('status')).toHaveText('Bob Jones was removed.');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The saved values come back after a reload.
  await page.reload();
  await expect(contact.getByLabel('Full name')).toHaveValue('Ann Smith');
  await expect(contact.getByLabel('Phone number')).toHaveValue('555-0100');
  await expect(contact.getByLabel('Address')).toHaveValue('1 Main St\nSpringfield');
  await expect(contact.getByLabel('Email')).toHaveValue('ann@example.org');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Cat Lee');
  await expect(list).toContainText('Address: Elm Rd');
  await expect(list).not.toContainText('Bob Jones');

  // An empty email is saved as none.
  await contact.getByLabel('Email').fill('');
  await contact.getByRole('button', { name: 'Save Contact Information' }).click();
  await expect(contact.getByRole('status')).toHaveText('Primary contact information updated.');
  await page.reload();
  await expect(contact.getByLabel('Full name')).toHaveValue('Ann Smith');
  await expect(contact.getByLabel('Email')).toHaveValue('');

  // The changes are in the account's history.
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'History' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(section(page, 'Account Activity').getByRole('listitem').first()).toContainText(
    `by ${username}`,
  );
});

test('a member changes their password and logs in with the new one', async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  const username = await memberOnPage(admin, page, 'rekeyer');
  const newPassword = 'new-pass-word-2';

  await page.goto('/account/profile');
  const form = section(page, 'Change Password');
  await form.getByLabel(/^Current password/).fill('not-my-password');
  await form.getByLabel(/^New password/).fill(newPassword);
  await form.getByLabel(/^Confirm new password/).fill(newPassword);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.currentPasswordWrong);

  await form.getByLabel(/^Current password/).fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('status')).toHaveText(messages.passwordChanged);
  await expect(form.getByLabel(/^Current password/)).toHaveValue('');
  await expect(form.getByLabel(/^New password/)).toHaveValue('');

  // This session goes on.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // A browser of their own: the old password is refused, the new one works.
  const context = await browser.newContext({ baseURL });
  try {
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByLabel('Username').fill(username);
    await other.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
    await other.getByRole('button', { name: 'Log In' }).click();
    await expect(other.getByText(messages.invalidCredentials)).toBeVisible();
    await other.getByLabel(/^Password/).fill(newPassword);
    await other.getByRole('button', { name: 'Log In' }).click();
    await expect(other).toHaveURL(/\/account\/reservations$/);
    await other.goto('/account/profile');
    await expect(section(other, 'Change Username')).toContainText(username);
  } finally {
    await context.close();
  }
});
