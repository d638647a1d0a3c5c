import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, mockApi, renderApp, testUser } from '@/test/utils.js';
import { SITE_TITLE } from '@/test/site-content.js';

async function fillIn(values: {
  username?: string;
  email?: string;
  password?: string;
  confirm?: string;
}) {
  const user = userEvent.setup();
  if (values.username) await user.type(await screen.findByLabelText(/^Username/), values.username);
  if (values.email) await user.type(screen.getByLabelText(/^Email/), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.confirm) await user.type(screen.getByLabelText(/^Confirm password/), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register', () => {
  it('says when the passwords do not match, without calling the server', async () => {
    const fetchMock = mockApi();
    renderApp('/register');
    await fillIn({ username: 'anna', password: 'secret1', confirm: 'secret2' });
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/auth/register')).toHaveLength(0);
  });

  it('on success shows the server message as a notification and goes to /login', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/register': { status: 201, body: { message: messages.registrationPending } },
    });
    const { router } = renderApp('/register');
    await fillIn({
      username: 'anna',
      email: 'Anna@Example.org',
      password: 'secret1',
      confirm: 'secret1',
    });
    expect(await screen.findByText(messages.registrationPending)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo(fetchMock, 'POST /api/auth/register')[0]?.body).toEqual({
      username: 'anna',
      password: 'secret1',
      email: 'anna@example.org',
    });
  });

  it('leaves the email out when none is given', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/register': { status: 201, body: { message: 'ok' } },
    });
    renderApp('/register');
    await fillIn({ username: 'anna', password: 'secret1', confirm: 'secret1' });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(callsTo(fetchMock, 'POST /api/auth/register')[0]?.body).toEqual({
      username: 'anna',
      password: 'secret1',
    });
  });

  it("shows the server's message on failure, and the default text without one", async () => {
    let reply: { status: number; body?: unknown } = {
      status: 409,
      body: { message: messages.usernameTaken },
    };
    mockApi({ 'POST /api/auth/register': () => reply });
    renderApp('/register');
    await fillIn({ username: 'anna', password: 'secret1', confirm: 'secret1' });
    expect(await screen.findByText(messages.usernameTaken)).toBeInTheDocument();
    reply = { status: 500 };
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.registrationError)).toBeInTheDocument();
  });

  it('sends a logged-in user to the home page', async () => {
    mockApi({}, { user: testUser });
    const { router } = renderApp('/register');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: SITE_TITLE });
    expect(router.state.location.pathname).toBe('/');
  });
});
