/**
 * Test fixtures of the admin Users screen: pending registrations, accounts,
 * the directory of every user, a fake server over mutable lists, and helpers
 * to read the pending table (and, on phones, the cards). Used by
 * AdminUsersPage.test.tsx and AdminUsersDirectory.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { messages } from '../../shared/messages.js';
import type { AccountSummary } from '../../shared/schemas/accounts.js';
import type { PendingUser } from '../../shared/schemas/users.js';
import type { DirectoryUser } from '../features/admin/api/users.js';
import { directoryRoutes, directorySample } from './directory-test-server.js';
import { mockApi, renderApp, testAdmin, type FakeRoutes } from '@/test/utils.js';
import { rowTexts } from '@/test/screen-texts.js';

export const pendingSample = (): PendingUser[] => [
  { id: 7, username: 'anna', email: 'anna@example.org', createdAt: '2026-02-03T09:15:00.000Z' },
  { id: 8, username: 'ben', email: null, createdAt: '2026-02-04T18:00:00.000Z' },
];

export const accountsSample = (): AccountSummary[] => [
  { id: 3, accountName: 'Hope Church' },
  { id: 2, accountName: 'Grace Chapel' },
];

/** A fake server over mutable lists, so that refetches see the changes. */
export function fakeServer(
  pending: PendingUser[] = pendingSample(),
  accounts: AccountSummary[] = accountsSample(),
  overrides: FakeRoutes = {},
  directory: DirectoryUser[] = directorySample(),
) {
  const assigned = new Map<number, number>();
  const routes: FakeRoutes = {
    ...directoryRoutes(directory, pending, accounts),
    'GET /api/users/pending': () => ({ body: pending }),
    'GET /api/account': () => ({ body: accounts }),
    'POST /api/account': (req) => {
      const { accountName } = req.body as { accountName: string };
      if (accounts.some((a) => a.accountName === accountName)) {
        return { status: 409, body: { message: 'An account with that name already exists.' } };
      }
      const created = { id: 100 + accounts.length, accountName };
      accounts.push(created);
      return { status: 201, body: created };
    },
  };
  for (const u of pending) {
    routes[`PUT /api/users/${u.id}/assign-account`] = (req) => {
      const { accountId } = req.body as { accountId: number };
      if (!accounts.some((a) => a.id === accountId)) {
        return { status: 404, body: { message: 'Account not found.' } };
      }
      assigned.set(u.id, accountId);
      return { body: { ...u, role: 'User', accountId } };
    };
    routes[`PATCH /api/users/${u.id}/approve`] = () => {
      if (!assigned.has(u.id))
        return { status: 409, body: { message: messages.approvalNeedsAccount } };
      pending.splice(pending.indexOf(u), 1);
      const account = accounts.find((a) => a.id === assigned.get(u.id));
      directory.push({
        ...u,
        role: 'User',
        status: 'active',
        accountId: account?.id ?? null,
        accountName: account?.accountName ?? null,
      });
      return { body: { ...u, role: 'User', accountId: assigned.get(u.id) } };
    };
    routes[`DELETE /api/users/${u.id}/reject`] = () => {
      pending.splice(pending.indexOf(u), 1);
      return { body: { message: messages.userRejected } };
    };
  }
  return mockApi({ ...routes, ...overrides }, { user: testAdmin });
}

const cardsName = 'Pending registrations, oldest first';

/** The table of pending registrations (the directory's is another). */
export const pendingTable = () => screen.getByRole('table', { name: cardsName });

export const rowOf = (username: string) =>
  within(pendingTable())
    .getAllByRole('row')
    .find((row) => within(row).queryByText(username))!;

export const usernames = () => rowTexts(pendingTable()).map(([username]) => username);

/** Phones: the cards of the pending registrations. */
export const userCards = () =>
  within(screen.getByRole('list', { name: cardsName })).getAllByRole('listitem');

/** Renders the screen and waits for the table, or for the cards with `phone`. */
export async function renderPage(
  pending: PendingUser[] = pendingSample(),
  accounts: AccountSummary[] = accountsSample(),
  overrides: FakeRoutes = {},
  phone = false,
) {
  const fetchMock = fakeServer(pending, accounts, overrides);
  const view = renderApp('/admin/users');
  // The first render also loads the admin chunk.
  if (phone) await screen.findByRole('list', { name: cardsName }, { timeout: 5000 });
  else await screen.findByRole('table', { name: cardsName }, { timeout: 5000 });
  return { fetchMock, ...view };
}

export async function openApprove(username: string) {
  await userEvent.click(screen.getByRole('button', { name: `Approve ${username}` }));
  return screen.findByRole('dialog', { name: 'Approve registration' });
}

export async function chooseAccount(dialog: HTMLElement, accountName: string) {
  const select = within(dialog).getByRole('combobox', { name: 'Existing account' });
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.click(select);
  // The dialog's list of accounts (the page's church filter has options of the same names).
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: accountName }));
}
