import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, findDialog, mockApi, renderApp, testAdmin } from '@/test/utils.js';
import { optionTexts } from '@/test/screen-texts.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import {
  accountsSample,
  chooseAccount,
  fakeServer,
  openApprove,
  pendingSample,
  renderPage,
  rowOf,
  usernames,
  userCards,
} from '../../../test/users-test-server.js';

const pendingName = 'Pending registrations, oldest first';

/** The notification of an approval, naming the account the user joined. */
const approvedNotice = (username: string, accountName: string) =>
  `${messages.userApproved} ${username} now belongs to the account "${accountName}".`;

// Wider screens unless a test says otherwise (happy-dom lays nothing out).
vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

describe('admin users', () => {
  it('lists the pending registrations with their email or a dash and their date', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(usernames()).toEqual(['anna', 'ben']);
    const anna = rowOf('anna');
    // The address may wrap after '@' and '.' only.
    expect(within(anna).getByText('anna@example.org').innerHTML).toBe('anna@<wbr>example.<wbr>org');
    expect(within(anna).getByText('2026-02-03')).toHaveAttribute(
      'datetime',
      '2026-02-03T09:15:00.000Z',
    );
    expect(within(rowOf('ben')).getByText('—')).toBeInTheDocument();
    expect(within(rowOf('ben')).getByRole('button', { name: 'Approve ben' })).toBeInTheDocument();
    expect(within(rowOf('ben')).getByRole('button', { name: 'Reject ben' })).toBeInTheDocument();
  });

  it('says so when nobody is waiting', async () => {
    fakeServer([]);
    renderApp('/admin/users');
    expect(
      await screen.findByText('No registrations are waiting for approval.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: pendingName })).not.toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    mockApi(
      { 'GET /api/users/pending': { status: 500, body: { message: 'Something went wrong.' } } },
      { user: testAdmin },
    );
    renderApp('/admin/users');
    expect(await screen.findByText(messages.pendingUsersFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('approves into an existing account: assign, then approve, then the list reloads', async () => {
    const { fetchMock } = await renderPage();
    const dialog = await openApprove('anna');
    expect(within(dialog).getByText('anna')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Assign to an existing account')).toBeChecked();
    await chooseAccount(dialog, 'Hope Church');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));

    expect(await screen.findByText(approvedNotice('anna', 'Hope Church'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/account')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account')[0]?.body).toEqual({
      accountId: 3,
    });
    expect(callsTo(fetchMock, 'PATCH /api/users/7/approve')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(usernames()).toEqual(['ben']));
    expect(callsTo(fetchMock, 'GET /api/users/pending')).toHaveLength(2);
    // Focus follows the user to the directory, not the page body.
    await waitFor(() => expect(document.getElementById('user-7')).toHaveFocus());
  });

  it('offers the accounts by name', async () => {
    await renderPage();
    const dialog = await openApprove('anna');
    const select = within(dialog).getByRole('combobox', { name: 'Existing account' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    expect(optionTexts(await screen.findByRole('listbox'))).toEqual([
      'Grace Chapel',
      'Hope Church',
    ]);
  });

  it('approves into a new account: create it, assign, approve', async () => {
    const { fetchMock } = await renderPage();
    const dialog = await openApprove('ben');
    await userEvent.click(within(dialog).getByLabelText('Create a new account'));
    await userEvent.type(within(dialog).getByLabelText('New account name'), '  Bethel Church  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));

    expect(await screen.findByText(approvedNotice('ben', 'Bethel Church'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/account')[0]?.body).toEqual({
      accountName: 'Bethel Church',
    });
    expect(callsTo(fetchMock, 'PUT /api/users/8/assign-account')[0]?.body).toEqual({
      accountId: 102,
    });
    expect(callsTo(fetchMock, 'PATCH /api/users/8/approve')).toHaveLength(1);
    await waitFor(() => expect(usernames()).toEqual(['anna']));
  });

  it('requires a name for a new account', async () => {
    const { fetchMock } = await renderPage();
    const dialog = await openApprove('anna');
    await userEvent.click(within(dialog).getByLabelText('Create a new account'));
    await userEvent.type(within(dialog).getByLabelText('New account name'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));
    expect(within(dialog).getByText(messages.newAccountNameRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/account')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account')).toHaveLength(0);
  });

  it('requires an account to be selected or created', async () => {
    const { fetchMock } = await renderPage();
    const dialog = await openApprove('anna');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Existing account' })).toBeEnabled(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));
    expect(within(dialog).getByText(messages.accountMustBeSelected)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PATCH /api/users/7/approve')).toHaveLength(0);
  });

  it('starts on a new account when there is none yet', async () => {
    await renderPage(pendingSample(), []);
    const dialog = await openApprove('anna');
    expect(await within(dialog).findByLabelText('New account name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Create a new account')).toBeChecked();
  });

  it('shows the accounts list failure text', async () => {
    await renderPage(pendingSample(), accountsSample(), {
      'GET /api/account': { status: 500, body: { message: 'Something went wrong.' } },
    });
    const dialog = await openApprove('anna');
    expect(await within(dialog).findByText(messages.accountsListFailed)).toBeInTheDocument();
    // Creating a new account still works without the list.
    await userEvent.click(within(dialog).getByLabelText('Create a new account'));
    expect(within(dialog).queryByText(messages.accountsListFailed)).not.toBeInTheDocument();
  });

  it("shows the server's message and keeps the dialog open", async () => {
    await renderPage();
    const dialog = await openApprove('anna');
    await userEvent.click(within(dialog).getByLabelText('Create a new account'));
    await userEvent.type(within(dialog).getByLabelText('New account name'), 'Hope Church');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An account with that name already exists.',
    );
    expect(within(dialog).getByLabelText('New account name')).toHaveValue('Hope Church');
    expect(usernames()).toEqual(['anna', 'ben']);
  });

  it('shows the generic action failure text', async () => {
    await renderPage(pendingSample(), accountsSample(), {
      'PATCH /api/users/7/approve': { status: 500 },
    });
    const dialog = await openApprove('anna');
    await chooseAccount(dialog, 'Grace Chapel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.adminActionFailed);
  });

  it('does not create the new account twice when a later step failed', async () => {
    let assignFails = true;
    const accounts = accountsSample();
    const { fetchMock } = await renderPage(pendingSample(), accounts, {
      'PUT /api/users/7/assign-account': (req) => {
        if (assignFails) return { status: 500 };
        return { body: { id: 7, accountId: (req.body as { accountId: number }).accountId } };
      },
      'PATCH /api/users/7/approve': { body: { id: 7 } },
    });
    const dialog = await openApprove('anna');
    await userEvent.click(within(dialog).getByLabelText('Create a new account'));
    await userEvent.type(within(dialog).getByLabelText('New account name'), 'Bethel Church');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.adminActionFailed);
    // The created account is now the selected existing one.
    expect(within(dialog).getByLabelText('Assign to an existing account')).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Existing account' })).toHaveValue(
      'Bethel Church',
    );

    assignFails = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve user' }));
    expect(await screen.findByText(approvedNotice('anna', 'Bethel Church'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/account')).toHaveLength(1);
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account').map((c) => c.body)).toEqual([
      { accountId: 102 },
      { accountId: 102 },
    ]);
  });

  it('closes the approve dialog without a call when going back', async () => {
    const { fetchMock } = await renderPage();
    const dialog = await openApprove('anna');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account')).toHaveLength(0);
  });

  it('rejects only after a confirmation that names the user and warns it is final', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reject anna' }));
    let dialog = await findDialog('Reject registration');
    expect(dialog).toHaveTextContent('Reject the registration of anna?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep registration' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/users/7/reject')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Reject anna' }));
    dialog = await findDialog('Reject registration');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject user' }));
    expect(await screen.findByText('Rejected and removed anna.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/users/7/reject')).toHaveLength(1);
    await waitFor(() => expect(usernames()).toEqual(['ben']));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Pending registrations' })).toHaveFocus(),
    );
  });

  it('shows the reject failure with the user id and the reason', async () => {
    await renderPage(pendingSample(), accountsSample(), {
      'DELETE /api/users/7/reject': {
        status: 409,
        body: { message: 'Only pending registrations can be rejected.' },
      },
      'DELETE /api/users/8/reject': { status: 500 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reject anna' }));
    let dialog = await findDialog('Reject registration');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject user' }));
    expect(
      await screen.findByText(
        'Failed to reject user 7: Only pending registrations can be rejected.',
      ),
    ).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Reject ben' }));
    dialog = await findDialog('Reject registration');
    expect(dialog).not.toHaveTextContent('email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject user' }));
    expect(
      await screen.findByText(`Failed to reject user 8: ${messages.adminActionFailed}`),
    ).toBeInTheDocument();
  });
});

describe('admin users on a phone', () => {
  beforeEach(() => vi.mocked(useIsPhone).mockReturnValue(true));
  afterEach(() => vi.mocked(useIsPhone).mockReturnValue(false));

  it('shows one card per registration with every field and action, and no table', async () => {
    const { fetchMock } = await renderPage(pendingSample(), accountsSample(), {}, true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = userCards();
    expect(cards.map((card) => card.querySelector('p')!.textContent)).toEqual(['anna', 'ben']);
    const fields = (card: HTMLElement) =>
      [...card.querySelectorAll('dt')].map(
        (dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`,
      );
    expect(fields(cards[0]!)).toEqual(['Email: anna@example.org', 'Registered: 2026-02-03']);
    expect(fields(cards[1]!)).toEqual(['Email: —', 'Registered: 2026-02-04']);
    expect(within(cards[0]!).getByText('2026-02-03')).toHaveAttribute(
      'datetime',
      '2026-02-03T09:15:00.000Z',
    );
    expect(
      within(cards[1]!)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Approve ben', 'Reject ben']);

    await userEvent.click(within(cards[1]!).getByRole('button', { name: 'Reject ben' }));
    const dialog = await findDialog('Reject registration');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject user' }));
    expect(await screen.findByText('Rejected and removed ben.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/users/8/reject')).toHaveLength(1);
    await waitFor(() => expect(userCards()).toHaveLength(1));
  });
});
