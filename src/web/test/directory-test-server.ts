/**
 * Test fixtures of the user directory (GET and PATCH /api/users): users of
 * every status, the churches they can move to, a fake server over the mutable
 * lists (filters, the last-administrator rule), and helpers to read the
 * directory's table or cards. Used through usersTestServer.ts.
 */
import { screen, within } from '@testing-library/react';
import type { AccountSummary } from '../../shared/schemas/accounts.js';
import type { PendingUser } from '../../shared/schemas/users.js';
import type { FakeRequest, FakeRoutes } from '@/test/utils.js';
import { pageOf } from '@/test/fake-lists.js';
import { rowTexts } from '@/test/screen-texts.js';
import type { ChurchSummary } from '../features/admin/api/accounts.js';
import type { DirectoryUser } from '../features/admin/api/users.js';
import { isAdmin } from '../../shared/roles.js';

const at = '2025-06-01T10:00:00.000Z';

/** The signed-in administrator (testAdmin, id 1) and three others; out of name order on purpose. */
export const directorySample = (): DirectoryUser[] => [
  {
    id: 4,
    username: 'erin',
    email: 'erin@example.org',
    role: 'User',
    status: 'inactive',
    accountId: 2,
    accountName: 'Grace Chapel',
    createdAt: at,
  },
  {
    id: 1,
    username: 'admin',
    email: 'admin@example.org',
    role: 'Administrator',
    status: 'active',
    accountId: null,
    accountName: null,
    createdAt: at,
  },
  {
    id: 2,
    username: 'carol',
    email: 'carol@example.org',
    role: 'User',
    status: 'active',
    accountId: 3,
    accountName: 'Hope Church',
    createdAt: at,
  },
  {
    id: 3,
    username: 'dave',
    email: null,
    role: 'Administrator',
    status: 'active',
    accountId: 2,
    accountName: 'Grace Chapel',
    createdAt: at,
  },
];

export const lastAdminMessage = 'At least one active administrator must remain.';

const asDirectoryUser = (p: PendingUser): DirectoryUser => ({
  ...p,
  role: 'User',
  status: 'pending',
  accountId: null,
  accountName: null,
});

/** GET /api/accounts over the accounts of the approve dialog (counts are not the point here). */
export const churchesOf = (accounts: readonly AccountSummary[]): ChurchSummary[] =>
  accounts.map((a) => ({ ...a, members: 0, reservations: 0, paidCents: 0, documents: 0 }));

function matches(user: DirectoryUser, query: URLSearchParams): boolean {
  const status = query.get('status');
  const accountId = query.get('accountId');
  const q = query.get('q')?.toLowerCase();
  const text = [user.username, user.email ?? '', user.accountName ?? ''].join(' ').toLowerCase();
  return (
    (!status || user.status === status) &&
    (!accountId || String(user.accountId) === accountId) &&
    (!q || text.includes(q))
  );
}

/** The directory's routes: the pending registrations are listed as pending users. */
export function directoryRoutes(
  directory: DirectoryUser[],
  pending: PendingUser[],
  accounts: AccountSummary[],
): FakeRoutes {
  const everyone = () => [...directory, ...pending.map(asDirectoryUser)];
  const routes: FakeRoutes = {
    'GET /api/accounts': () => ({ body: churchesOf(accounts) }),
    // As the server: filtered, by username, a page with limit/offset (docs/lists.md).
    'GET /api/users': (req) => {
      const q = new URL(req.url, 'http://localhost').searchParams;
      const rows = everyone()
        .filter((u) => matches(u, q))
        .sort((a, b) => a.username.localeCompare(b.username));
      return { body: pageOf(rows, q) };
    },
  };
  for (const id of [...directory.map((u) => u.id), ...pending.map((p) => p.id)]) {
    routes[`PATCH /api/users/${id}`] = (req: FakeRequest) => {
      const user = directory.find((u) => u.id === id);
      const body = req.body as {
        accountId?: number;
        role?: DirectoryUser['role'];
        active?: boolean;
      };
      if (!user) return { status: 409, body: { message: 'Approve the registration first.' } };
      const next: DirectoryUser = { ...user };
      if (body.accountId !== undefined) {
        const account = accounts.find((a) => a.id === body.accountId);
        if (!account) return { status: 404, body: { message: 'Account not found.' } };
        Object.assign(next, { accountId: account.id, accountName: account.accountName });
      }
      if (body.role) next.role = body.role;
      if (body.active !== undefined) next.status = body.active ? 'active' : 'inactive';
      const admins = directory.filter((u) =>
        u.id === id
          ? isAdmin(next) && next.status === 'active'
          : isAdmin(u) && u.status === 'active',
      );
      if (admins.length === 0) {
        return { status: 409, body: { message: lastAdminMessage, code: 'last_admin' } };
      }
      Object.assign(user, next);
      return { body: user };
    };
  }
  return routes;
}

export const directoryName = 'User directory, by username';

export const directoryTable = () => screen.getByRole('table', { name: directoryName });

/** The row of a user in the directory's table (the pending table is another). */
export const directoryRow = (username: string) =>
  within(directoryTable())
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(username))!;

/** The first cell of every row: the usernames, in the order shown. */
export const directoryUsernames = () => rowTexts(directoryTable()).map(([username]) => username);

/** Phones: the directory's cards. */
export const directoryCards = () =>
  within(screen.getByRole('list', { name: directoryName })).getAllByRole('listitem');
