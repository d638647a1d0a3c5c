import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '@/test/utils.js';
import { callsTo, renderApp } from '@/test/utils.js';
import type { ChurchSummary } from '../api/accounts.js';
import type { DirectoryUser } from '../api/users.js';
import { churchesServer } from '../../../test/accounts-test-server.js';
import { directoryName, directoryUsernames } from '../../../test/directory-test-server.js';
import { accountsSample, pendingSample, renderPage } from '../../../test/users-test-server.js';

vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

const pad = (i: number) => String(i).padStart(3, '0');

/** A server list: a page of it with limit/offset, as GET /api/users and /api/accounts answer. */
const paged =
  <T,>(rows: T[]) =>
  (req: FakeRequest) => {
    const q = new URL(req.url, 'http://localhost').searchParams;
    const offset = Number(q.get('offset') ?? 0);
    const limit = q.get('limit');
    return { body: limit ? rows.slice(offset, offset + Number(limit)) : rows };
  };

const users = (n: number): DirectoryUser[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 100 + i,
    username: `user${pad(i + 1)}`,
    email: null,
    role: 'User',
    status: 'active',
    accountId: null,
    accountName: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  }));

const churches = (n: number): ChurchSummary[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 100 + i,
    accountName: `Church ${pad(i + 1)}`,
    members: i,
    reservations: 0,
    paidCents: 0,
    documents: 0,
  }));

const names = (from: number, to: number, prefix: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${pad(from + i)}`);

describe('admin users: the directory pages', () => {
  it('asks for 50 a page, moves with the Pager, keeps the page in the address and resets it on a filter', async () => {
    const { fetchMock, router } = await renderPage(pendingSample(), accountsSample(), {
      'GET /api/users': paged(users(75)),
    });
    await screen.findByRole('table', { name: directoryName });
    expect(directoryUsernames()).toEqual(names(1, 50, 'user'));
    const first = new URL(callsTo(fetchMock, 'GET /api/users')[0]!.url, 'http://x');
    expect(first.searchParams.get('limit')).toBe('51');
    expect(first.searchParams.get('offset')).toBe('0');

    const pager = screen.getByRole('navigation', { name: 'User pages' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(directoryUsernames()).toEqual(names(51, 75, 'user')));
    expect(router.state.location.search).toBe('?page=2');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() => expect(router.state.location.search).toBe('?status=active'));
    await waitFor(() => expect(directoryUsernames()).toEqual(names(1, 50, 'user')));
  });
});

describe('admin churches: the list pages', () => {
  it('shows 50 churches a page with the Pager, and opens on the page of the address', async () => {
    const fetchMock = churchesServer(undefined, { 'GET /api/accounts': paged(churches(120)) });
    const { router } = renderApp('/admin/accounts?page=2');
    const table = await screen.findByRole(
      'table',
      { name: 'Churches, by name' },
      { timeout: 5000 },
    );
    const rowNames = () =>
      within(screen.getByRole('table', { name: 'Churches, by name' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(table).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(names(51, 100, 'Church ')));
    const asked = new URL(callsTo(fetchMock, 'GET /api/accounts').at(-1)!.url, 'http://x');
    expect(asked.searchParams.get('limit')).toBe('51');
    expect(asked.searchParams.get('offset')).toBe('50');

    const pager = screen.getByRole('navigation', { name: 'Church pages' });
    expect(pager).toHaveTextContent('Page 2');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowNames()).toEqual(names(101, 120, 'Church ')));
    expect(router.state.location.search).toBe('?page=3');
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rowNames()).toEqual(names(1, 50, 'Church ')));
    expect(router.state.location.search).toBe('');
  });
});
