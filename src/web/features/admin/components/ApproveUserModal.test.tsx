import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { AppProviders } from '@/app/AppProviders.js';
import { callsTo, createTestQueryClient, mockApi, type FakeRoutes } from '@/test/utils.js';
import type { PendingUser } from '../api/users.js';
import { ApproveUserModal } from './ApproveUserModal.js';
import { expectFieldError, fieldRefusal } from '@/components/forms/forms.testing.js';

const anna: PendingUser = {
  id: 7,
  username: 'anna',
  email: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};

function renderModal(routes: FakeRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/account': {
      body: [
        { id: 1, accountName: 'Hope Church' },
        { id: 2, accountName: 'Grace Chapel' },
      ],
    },
    'POST /api/account': (req) => ({
      status: 201,
      body: { id: 9, accountName: (req.body as { accountName: string }).accountName },
    }),
    'PUT /api/users/7/assign-account': { body: { id: 7 } },
    'PATCH /api/users/7/approve': { body: { id: 7 } },
    ...routes,
  });
  const onClose = vi.fn();
  const onApproved = vi.fn();
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <ApproveUserModal user={anna} onClose={onClose} onApproved={onApproved} />
    </AppProviders>,
  );
  return { fetchMock, onClose, onApproved };
}

const existing = () => screen.getByRole('combobox', { name: 'Existing account' });
const newName = () => screen.getByRole('textbox', { name: 'New account name' });
const approve = () => userEvent.click(screen.getByRole('button', { name: 'Approve user' }));

async function chooseExisting(accountName: string) {
  await waitFor(() => expect(existing()).toBeEnabled());
  await userEvent.click(existing());
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: accountName }));
}

describe('ApproveUserModal: checked before sending', () => {
  it('asks for an account on the field, and a new one on its name, sending nothing', async () => {
    const { fetchMock } = renderModal();
    await waitFor(() => expect(existing()).toBeEnabled());
    await approve();
    expectFieldError(existing(), messages.accountMustBeSelected);

    await userEvent.click(screen.getByLabelText('Create a new account'));
    // The other choice starts without the first one's message.
    expect(newName()).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(newName(), '   ');
    await approve();
    expectFieldError(newName(), messages.newAccountNameRequired);

    await userEvent.click(screen.getByLabelText('Assign to an existing account'));
    expect(existing()).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/account')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account')).toHaveLength(0);
  });
});

describe('ApproveUserModal: the server', () => {
  it("shows a 400's field error on the new account's name, not above the fields", async () => {
    const tooLong = 'Account name must be at most 120 characters long.';
    renderModal({
      'POST /api/account': fieldRefusal('accountName', tooLong),
    });
    await userEvent.click(screen.getByLabelText('Create a new account'));
    await userEvent.type(newName(), 'Bethel Church');
    await approve();
    await waitFor(() => expectFieldError(newName(), tooLong));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(newName()).toHaveValue('Bethel Church');
  });

  it("shows a 400's field error on the chosen account", async () => {
    const refused = 'An account must be selected or created.';
    renderModal({
      'PUT /api/users/7/assign-account': fieldRefusal('accountId', refused),
    });
    await chooseExisting('Grace Chapel');
    await approve();
    await waitFor(() => expectFieldError(existing(), refused));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('assigns the chosen account, approves and closes', async () => {
    const { fetchMock, onClose, onApproved } = renderModal();
    await chooseExisting('Grace Chapel');
    await approve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onApproved).toHaveBeenCalledWith(anna);
    expect(callsTo(fetchMock, 'POST /api/account')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account')[0]?.body).toEqual({
      accountId: 2,
    });
    expect(callsTo(fetchMock, 'PATCH /api/users/7/approve')).toHaveLength(1);
  });

  it('creates a new account with the trimmed name, then assigns it', async () => {
    const { fetchMock, onClose } = renderModal();
    await userEvent.click(screen.getByLabelText('Create a new account'));
    await userEvent.type(newName(), '  Bethel Church  ');
    await approve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST /api/account')[0]?.body).toEqual({
      accountName: 'Bethel Church',
    });
    expect(callsTo(fetchMock, 'PUT /api/users/7/assign-account')[0]?.body).toEqual({
      accountId: 9,
    });
  });
});
