import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { AppProviders } from '@/app/AppProviders.js';
import { ApiError } from '@/lib/api/client.js';
import { createTestQueryClient, mockApi } from '@/test/utils.js';
import type { ChurchSummary } from '../api/accounts.js';
import type { DirectoryUser } from '../api/users.js';
import { churchesFailed } from './ChurchFilter.js';
import { MoveUserDialog, chooseChurch } from './MoveUserDialog.js';
import type { UserActionsState } from './useUserActions.js';

const church = (id: number, accountName: string): ChurchSummary => ({
  id,
  accountName,
  members: 1,
  reservations: 0,
  paidCents: 0,
  documents: 0,
});

const carol: DirectoryUser = {
  id: 2,
  username: 'carol',
  email: null,
  role: 'User',
  status: 'active',
  accountId: 1,
  accountName: 'Hope Church',
  createdAt: '2030-01-01T00:00:00.000Z',
};

function renderDialog(over: Partial<UserActionsState> = {}, churches = { status: 200 }) {
  mockApi({
    'GET /api/accounts': {
      ...churches,
      body:
        churches.status === 200
          ? [church(1, 'Hope Church'), church(3, 'Zion Fellowship'), church(2, 'Grace Chapel')]
          : { message: 'Something went wrong.' },
    },
  });
  const actions: UserActionsState = {
    dialog: { kind: 'move', user: carol },
    error: null,
    busy: false,
    busyId: undefined,
    open: vi.fn(),
    close: vi.fn(),
    apply: vi.fn(async () => {}),
    ...over,
  };
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <MoveUserDialog user={carol} actions={actions} />
    </AppProviders>,
  );
  return actions;
}

const select = () => screen.getByRole('combobox', { name: 'Church' });
const move = () => userEvent.click(screen.getByRole('button', { name: 'Move' }));

describe('MoveUserDialog', () => {
  it('asks for a church on the field and moves nobody', async () => {
    const actions = renderDialog();
    await waitFor(() => expect(select()).toBeEnabled());
    await move();
    expect(select()).toHaveAttribute('aria-invalid', 'true');
    expect(select()).toHaveAccessibleDescription(expect.stringContaining(chooseChurch));
    expect(actions.apply).not.toHaveBeenCalled();
  });

  it('moves the user to the church chosen by name (not the one they are in)', async () => {
    const actions = renderDialog();
    await waitFor(() => expect(select()).toBeEnabled());
    await move();
    await userEvent.click(select());
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Grace Chapel', 'Zion Fellowship']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Zion Fellowship' }));
    expect(screen.queryByText(chooseChurch)).not.toBeInTheDocument();
    await move();
    expect(actions.apply).toHaveBeenCalledTimes(1);
    const [change, done] = vi.mocked(actions.apply).mock.calls[0]!;
    expect(change).toEqual({ id: 2, accountId: 3 });
    expect(done({ ...carol, accountId: 3, accountName: 'Zion Fellowship' })).toBe(
      'carol now belongs to Zion Fellowship.',
    );
  });

  it('shows a church deleted meanwhile on the field', async () => {
    const gone = new ApiError(404, 'That account does not exist.', {
      fromServer: true,
      code: 'account_not_found',
    });
    renderDialog({ error: gone });
    await waitFor(() => expect(select()).toHaveAttribute('aria-invalid', 'true'));
    expect(select()).toHaveAccessibleDescription(
      expect.stringContaining('That account does not exist.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows any other refusal above the fields, in the server's words or the default", () => {
    const lastAdmin = new ApiError(409, 'The house needs an administrator.', {
      fromServer: true,
      code: 'last_admin',
    });
    renderDialog({ error: lastAdmin });
    expect(screen.getByRole('alert')).toHaveTextContent('The house needs an administrator.');
    cleanup();
    renderDialog({ error: new ApiError(0, 'Failed to fetch') });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.adminActionFailed);
  });

  it('says when the churches could not be fetched', async () => {
    renderDialog({}, { status: 500 });
    expect(await screen.findByText(churchesFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
