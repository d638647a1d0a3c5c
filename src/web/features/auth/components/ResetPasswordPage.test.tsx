import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, mockApi, renderApp, type FakeReply } from '@/test/utils.js';
import { RESET_REDIRECT_MS } from './ResetPasswordPage.js';

const link = '/reset-password?token=tok123&username=anna';

async function submit(password: string, confirm: string, user = userEvent.setup()) {
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: messages.resetPassword }));
}

describe('reset password', () => {
  it.each(['/reset-password', '/reset-password?token=tok123', '/reset-password?username=anna'])(
    'explains missing parameters on %s and links to a new link and to login',
    async (path) => {
      mockApi();
      renderApp(path);
      expect(await screen.findByText(messages.resetInvalidParams)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: messages.requestNewLink })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
      expect(screen.getByRole('link', { name: messages.backToLogin })).toHaveAttribute(
        'href',
        '/login',
      );
    },
  );

  it('refuses to submit without the parameters', async () => {
    const fetchMock = mockApi();
    renderApp('/reset-password?token=tok123');
    await submit('secret1', 'secret1');
    expect(await screen.findByText(messages.resetMissingParams)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('checks the length and the confirmation', async () => {
    const fetchMock = mockApi();
    renderApp(link);
    expect(screen.queryByText(messages.resetInvalidParams)).not.toBeInTheDocument();
    await submit('abc', 'abc');
    expect(await screen.findByText(messages.resetPasswordTooShort)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await submit('secret1', 'secret2');
    expect(await screen.findByText(messages.resetPasswordsDoNotMatch)).toBeInTheDocument();
    expect(screen.queryByText(messages.resetPasswordTooShort)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/reset-password')).toHaveLength(0);
  });

  it("reads 'Resetting Password...' while busy; on success shows the message and goes to login after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (reply: FakeReply) => void = () => {};
    const fetchMock = mockApi({
      'POST /api/auth/reset-password': () =>
        new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    const { router } = renderApp(link);
    await submit(
      'secret1',
      'secret1',
      userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }),
    );
    expect(await screen.findByRole('button', { name: messages.resettingPassword })).toBeDisabled();
    answer({ body: { message: messages.resetSuccess } });
    expect(await screen.findByText(messages.resetSuccess)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.proceedToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(callsTo(fetchMock, 'POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'tok123',
      username: 'anna',
      newPassword: 'secret1',
    });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS - 100);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's message on failure, and the default text without one", async () => {
    let reply: FakeReply = { status: 400, body: { message: 'This reset link has expired.' } };
    mockApi({ 'POST /api/auth/reset-password': () => reply });
    renderApp(link);
    await submit('secret1', 'secret1');
    expect(await screen.findByText('This reset link has expired.')).toBeInTheDocument();
    reply = { status: 500 };
    await userEvent.click(screen.getByRole('button', { name: messages.resetPassword }));
    expect(await screen.findByText(messages.resetFailure)).toBeInTheDocument();
  });
});
