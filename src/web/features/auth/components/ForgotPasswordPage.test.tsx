import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, mockApi, renderApp, type FakeReply } from '@/test/utils.js';

describe('forgot password', () => {
  it('has a username field, the send button and a link back to login', async () => {
    mockApi();
    renderApp('/forgot-password');
    expect(await screen.findByLabelText(/^Username/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.sendResetLink })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.backToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('requires the username', async () => {
    const fetchMock = mockApi();
    renderApp('/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: messages.sendResetLink }));
    expect(await screen.findByText(messages.usernameRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/forgot-password')).toHaveLength(0);
  });

  it("reads 'Sending Link...' while busy, then shows the server's message", async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const fetchMock = mockApi({
      'POST /api/auth/forgot-password': () =>
        new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'anna');
    await userEvent.click(screen.getByRole('button', { name: messages.sendResetLink }));
    expect(await screen.findByRole('button', { name: messages.sendingLink })).toBeDisabled();
    answer({ body: { message: messages.forgotSuccess } });
    expect(await screen.findByText(messages.forgotSuccess)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.sendResetLink })).toBeEnabled();
    expect(callsTo(fetchMock, 'POST /api/auth/forgot-password')[0]?.body).toEqual({
      username: 'anna',
    });
  });

  it('shows the failure text when the request fails', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { status: 500 } });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Username/), 'anna');
    await userEvent.click(screen.getByRole('button', { name: messages.sendResetLink }));
    expect(await screen.findByText(messages.forgotFailure)).toBeInTheDocument();
  });
});
