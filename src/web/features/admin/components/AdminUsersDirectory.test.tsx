import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, type FakeRoutes, findDialog, renderApp } from '@/test/utils.js';
import { headerTexts, optionTexts } from '@/test/screen-texts.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import {
  directoryCards,
  directoryName,
  directoryRow,
  directoryUsernames,
  lastAdminMessage,
} from '../../../test/directory-test-server.js';
import {
  accountsSample,
  chooseAccount,
  fakeServer,
  openApprove,
  pendingSample,
  renderPage,
} from '../../../test/users-test-server.js';

// Wider screens unless a test says otherwise (happy-dom lays nothing out).
vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

/** The Users page with its directory shown (the table, or the cards with `phone`). */
async function renderDirectory(overrides: FakeRoutes = {}, phone = false) {
  const view = await renderPage(pendingSample(), accountsSample(), overrides, phone);
  if (phone) await screen.findByRole('list', { name: directoryName });
  else await screen.findByRole('table', { name: directoryName });
  return view;
}

const cells = (username: string) =>
  within(directoryRow(username))
    .getAllByRole('cell')
    .map((c) => c.textContent);

const buttonsOf = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

/** Clicks a row's action and returns the dialog it opens. */
async function act(label: string, username: string, dialogName: string) {
  await userEvent.click(screen.getByRole('button', { name: `${label}: ${username}` }));
  return findDialog(dialogName);
}

/** The filters of the last GET /api/users (always a page: 51 from the page's start). */
const lastQuery = (fetchMock: ReturnType<typeof fakeServer>) => {
  const url = new URL(callsTo(fetchMock, 'GET /api/users').at(-1)!.url, 'http://localhost');
  expect(url.searchParams.get('limit')).toBe('51');
  url.searchParams.delete('limit');
  url.searchParams.delete('offset');
  return url.search;
};

describe('admin users: the directory', () => {
  it('lists every user by username with email, church, role, status and their actions', async () => {
    await renderDirectory();
    expect(screen.getByRole('heading', { level: 2, name: 'Pending registrations' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'All users' })).toBeVisible();
    expect(headerTexts(screen.getByRole('table', { name: directoryName }))).toEqual([
      'Username',
      'Email',
      'Church',
      'Role',
      'Status',
      'Actions',
    ]);
    expect(directoryUsernames()).toEqual(['admin (you)', 'anna', 'ben', 'carol', 'dave', 'erin']);
    expect(cells('carol').slice(0, 5)).toEqual([
      'carol',
      'carol@example.org',
      'Hope Church',
      'User',
      'Active',
    ]);
    expect(
      within(directoryRow('carol')).getByRole('link', { name: 'Hope Church' }),
    ).toHaveAttribute('href', '/admin/accounts/3');
    expect(cells('dave').slice(1, 5)).toEqual(['—', 'Grace Chapel', 'Administrator', 'Active']);
    expect(cells('erin')[4]).toBe('Inactive');
    expect(cells('admin (you)')[2]).toBe('No church');
    expect(buttonsOf(directoryRow('carol'))).toEqual([
      'Move to church: carol',
      'Make administrator: carol',
      'Deactivate: carol',
    ]);
    expect(buttonsOf(directoryRow('dave'))).toEqual([
      'Move to church: dave',
      'Remove administrator: dave',
      'Deactivate: dave',
    ]);
    expect(buttonsOf(directoryRow('erin'))).toEqual([
      'Move to church: erin',
      'Make administrator: erin',
      'Reactivate: erin',
    ]);
    // The signed-in administrator cannot take away their own role or access here.
    expect(buttonsOf(directoryRow('admin'))).toEqual(['Move to church: admin']);
    // A pending registration is approved or rejected in its own section.
    expect(buttonsOf(directoryRow('anna'))).toEqual([]);
    expect(directoryRow('anna')).toHaveTextContent('Approve or reject the registration above.');
  });

  it('filters by status and by church, kept in the address', async () => {
    const { fetchMock, router } = await renderDirectory();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await waitFor(() => expect(directoryUsernames()).toEqual(['erin']));
    expect(lastQuery(fetchMock)).toBe('?status=inactive');
    expect(router.state.location.search).toBe('?status=inactive');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Pending');
    await waitFor(() => expect(directoryUsernames()).toEqual(['anna', 'ben']));

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All');
    const church = screen.getByLabelText('Filter by church');
    expect(optionTexts(church)).toEqual(['All churches', 'Grace Chapel', 'Hope Church']);
    await userEvent.selectOptions(church, 'Grace Chapel');
    await waitFor(() => expect(directoryUsernames()).toEqual(['dave', 'erin']));
    expect(lastQuery(fetchMock)).toBe('?accountId=2');
    expect(router.state.location.search).toBe('?account=2');
  });

  it('searches username, email and church once typing pauses', async () => {
    const { fetchMock, router } = await renderDirectory();
    const before = callsTo(fetchMock, 'GET /api/users').length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'hope');
    await waitFor(() => expect(directoryUsernames()).toEqual(['carol']));
    // One request for the whole word, not one a key.
    expect(callsTo(fetchMock, 'GET /api/users')).toHaveLength(before + 1);
    expect(lastQuery(fetchMock)).toBe('?q=hope');
    expect(router.state.location.search).toBe('?q=hope');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody{Enter}');
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
  });

  it('opens on the filters of the address (a link from a church carries its church)', async () => {
    const fetchMock = fakeServer();
    renderApp('/admin/users?account=3&status=active');
    await screen.findByRole('table', { name: directoryName }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByLabelText('Filter by church')).toHaveValue('3'));
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(directoryUsernames()).toEqual(['carol']);
    expect(lastQuery(fetchMock)).toBe('?status=active&accountId=3');
  });

  it('shows the load failure text', async () => {
    await renderPage(pendingSample(), accountsSample(), {
      'GET /api/users': { status: 500, body: { message: 'Something went wrong.' } },
    });
    expect(await screen.findByText('Could not fetch the users.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: directoryName })).not.toBeInTheDocument();
  });

  it('lists a registration as active once it is approved', async () => {
    await renderDirectory();
    const dialog = await openApprove('anna');
    await chooseAccount(dialog, 'Hope Church');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));
    await waitFor(() => expect(cells('anna')[4]).toBe('Active'));
    expect(cells('anna')[2]).toBe('Hope Church');
  });
});

describe('admin users: the directory actions', () => {
  it('makes a user an administrator after confirming, then focuses the row', async () => {
    const { fetchMock } = await renderDirectory();
    const dialog = await act('Make administrator', 'carol', 'Make administrator');
    expect(dialog).toHaveTextContent('Make carol an administrator?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make administrator' }));
    expect(await screen.findByText('carol is now an administrator.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/users/2').map((c) => c.body)).toEqual([
      { role: 'Administrator' },
    ]);
    await waitFor(() => expect(cells('carol')[3]).toBe('Administrator'));
    expect(buttonsOf(directoryRow('carol'))).toContain('Remove administrator: carol');
    await waitFor(() => expect(directoryRow('carol')).toHaveFocus());
  });

  it('removes the administrator role', async () => {
    const { fetchMock } = await renderDirectory();
    const dialog = await act('Remove administrator', 'dave', 'Remove administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove administrator' }));
    expect(await screen.findByText('dave is no longer an administrator.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/users/3')[0]?.body).toEqual({ role: 'User' });
    await waitFor(() => expect(cells('dave')[3]).toBe('User'));
  });

  it('deactivates and reactivates', async () => {
    const { fetchMock } = await renderDirectory();
    let dialog = await act('Deactivate', 'carol', 'Deactivate user');
    expect(dialog).toHaveTextContent('can no longer log in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH /api/users/2')).toHaveLength(0);

    dialog = await act('Deactivate', 'carol', 'Deactivate user');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('carol is deactivated.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/users/2')[0]?.body).toEqual({ active: false });
    await waitFor(() => expect(cells('carol')[4]).toBe('Inactive'));

    dialog = await act('Reactivate', 'erin', 'Reactivate user');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('erin is active again.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/users/4')[0]?.body).toEqual({ active: true });
    await waitFor(() => expect(cells('erin')[4]).toBe('Active'));
  });

  it('moves a user to another church chosen by name', async () => {
    const { fetchMock } = await renderDirectory();
    const dialog = await act('Move to church', 'carol', 'Move to church');
    expect(dialog).toHaveTextContent('Move carol from Hope Church to another church.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText('Choose the church to move the user to.')).toBeInTheDocument();

    const select = within(dialog).getByRole('combobox', { name: 'Church' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    const listbox = await screen.findByRole('listbox');
    // The church the user is in is not offered.
    expect(optionTexts(listbox)).toEqual(['Grace Chapel']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Grace Chapel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('carol now belongs to Grace Chapel.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/users/2')[0]?.body).toEqual({ accountId: 2 });
    await waitFor(() => expect(cells('carol')[2]).toBe('Grace Chapel'));
    await waitFor(() => expect(directoryRow('carol')).toHaveFocus());
  });

  it("shows the server's refusal (the last administrator) in the dialog and changes nothing", async () => {
    const { fetchMock } = await renderDirectory({
      'PATCH /api/users/3': {
        status: 409,
        body: { message: lastAdminMessage, code: 'last_admin' },
      },
    });
    const dialog = await act('Deactivate', 'dave', 'Deactivate user');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(lastAdminMessage);
    expect(callsTo(fetchMock, 'PATCH /api/users/3')).toHaveLength(1);
    expect(cells('dave')[4]).toBe('Active');
    // Going back and opening another action starts without the old error.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    const next = await act('Remove administrator', 'dave', 'Remove administrator');
    expect(within(next).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the generic text when the server gives no reason', async () => {
    await renderDirectory({ 'PATCH /api/users/2': { status: 500 } });
    const dialog = await act('Make administrator', 'carol', 'Make administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make administrator' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.adminActionFailed);
  });
});

describe('admin users: the directory on a phone', () => {
  beforeEach(() => vi.mocked(useIsPhone).mockReturnValue(true));
  afterEach(() => vi.mocked(useIsPhone).mockReturnValue(false));

  it('shows one card per user with every field and action, and no table', async () => {
    const { fetchMock } = await renderDirectory({}, true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = directoryCards();
    expect(cards).toHaveLength(6);
    const carol = cards.find((c) => c.id === 'user-2')!;
    const fields = Object.fromEntries(
      [...carol.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextSibling?.textContent]),
    );
    expect(fields).toEqual({
      Email: 'carol@example.org',
      Church: 'Hope Church',
      Role: 'User',
      Status: 'Active',
    });
    expect(buttonsOf(carol)).toEqual([
      'Move to church: carol',
      'Make administrator: carol',
      'Deactivate: carol',
    ]);
    await userEvent.click(within(carol).getByRole('button', { name: 'Deactivate: carol' }));
    const dialog = await findDialog('Deactivate user');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('carol is deactivated.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/users/2')[0]?.body).toEqual({ active: false });
    await waitFor(() => expect(document.getElementById('user-2')).toHaveFocus());
  });
});
