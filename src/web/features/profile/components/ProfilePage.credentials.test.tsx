/**
 * Profile: changing the signed-in user's username and password, with the
 * checks made before sending and the server's refusals.
 */
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, region } from '@/test/utils.js';
import { openProfile, profileServer } from '../profile.testing.js';

describe('Profile: change username', () => {
  it('refuses an empty username and the current one', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Change Username');
    const input = within(section).getByLabelText(/New username/);
    const button = within(section).getByRole('button', { name: 'Change Username' });
    await userEvent.type(input, '   ');
    await userEvent.click(button);
    expect(await within(section).findByText(messages.usernameEmpty)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, ' member ');
    await userEvent.click(button);
    expect(await within(section).findByText(messages.usernameSame)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/users/me/username')).toHaveLength(0);
  });

  it('changes the username and refreshes the session', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Change Username');
    const statusCalls = callsTo(fetchMock, 'GET /api/auth/status').length;
    await userEvent.type(within(section).getByLabelText(/New username/), ' newname ');
    await userEvent.click(within(section).getByRole('button', { name: 'Change Username' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(messages.usernameChanged);
    expect(callsTo(fetchMock, 'PUT /api/users/me/username')[0]?.body).toEqual({
      newUsername: 'newname',
    });
    expect(callsTo(fetchMock, 'GET /api/auth/status').length).toBeGreaterThan(statusCalls);
    expect(within(section).getByText('newname')).toBeInTheDocument();
    expect(within(section).getByLabelText(/New username/)).toHaveValue('');
  });

  it("shows the server's message (taken) or the default", async () => {
    let reply: { status: number; body?: unknown } = {
      status: 409,
      body: { message: messages.usernameTaken },
    };
    profileServer({ 'PUT /api/users/me/username': () => reply });
    await openProfile();
    const section = region('Change Username');
    await userEvent.type(within(section).getByLabelText(/New username/), 'taken');
    await userEvent.click(within(section).getByRole('button', { name: 'Change Username' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(messages.usernameTaken);
    reply = { status: 500 };
    await userEvent.click(within(section).getByRole('button', { name: 'Change Username' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(messages.usernameChangeFailed),
    );
    expect(within(section).getByLabelText(/New username/)).toHaveValue('taken');
  });
});

describe('Profile: change password', () => {
  async function fill(section: HTMLElement, current: string, next: string, confirm: string) {
    for (const [label, value] of [
      [/^Current password/, current],
      [/^New password/, next],
      [/^Confirm new password/, confirm],
    ] as const) {
      const input = within(section).getByLabelText(label);
      await userEvent.clear(input);
      if (value) await userEvent.type(input, value);
    }
    await userEvent.click(within(section).getByRole('button', { name: 'Change Password' }));
  }

  it('checks the three rules in order before sending', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Change Password');
    await fill(section, 'old-pass', 'abc', '');
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      messages.passwordFieldsRequired,
    );
    await fill(section, 'old-pass', 'abc', 'abd');
    expect(await within(section).findByText(messages.newPasswordsDoNotMatch)).toBeInTheDocument();
    expect(within(section).queryByText(messages.passwordFieldsRequired)).not.toBeInTheDocument();
    await fill(section, 'old-pass', 'abc', 'abc');
    expect(await within(section).findByText(messages.newPasswordTooShort)).toBeInTheDocument();
    expect(within(section).queryByText(messages.newPasswordsDoNotMatch)).not.toBeInTheDocument();
    expect(within(section).getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT /api/users/me/password')).toHaveLength(0);
  });

  it('changes the password and clears the fields', async () => {
    const { fetchMock } = profileServer();
    await openProfile();
    const section = region('Change Password');
    await fill(section, 'old-pass', 'new-pass-1', 'new-pass-1');
    expect(await within(section).findByRole('status')).toHaveTextContent(messages.passwordChanged);
    expect(callsTo(fetchMock, 'PUT /api/users/me/password')[0]?.body).toEqual({
      currentPassword: 'old-pass',
      newPassword: 'new-pass-1',
    });
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      expect(within(section).getByLabelText(label)).toHaveValue('');
    }
  });

  it('shows a wrong current password, or the default failure', async () => {
    let reply: { status: number; body?: unknown } = {
      status: 400,
      body: { message: messages.currentPasswordWrong },
    };
    profileServer({ 'PUT /api/users/me/password': () => reply });
    await openProfile();
    const section = region('Change Password');
    await fill(section, 'wrong-pass', 'new-pass-1', 'new-pass-1');
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      messages.currentPasswordWrong,
    );
    expect(within(section).getByLabelText(/^Current password/)).toHaveValue('wrong-pass');
    reply = { status: 500 };
    await userEvent.click(within(section).getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(messages.passwordChangeFailed),
    );
  });
});
