import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import {
  authStatus,
  callsTo,
  mockApi,
  renderApp,
  testUser,
  type FakeRoutes,
} from '@/test/utils.js';

/** A server where the right password logs `testUser` in. */
function loginServer(extra: FakeRoutes = {}) {
  let loggedIn = false;
  return mockApi({
    'GET /api/auth/status': () => authStatus(loggedIn ? testUser : null),
    'POST /api/auth/login': (req) => {
      const body = req.body as { username: string; password: string };
      if (body.username === 'member' && body.password === 'secret1') {
        loggedIn = true;
        return { body: { message: 'Logged in.', user: testUser } };
      }
      return { status: 401, body: { message: messages.invalidCredentials } };
    },
    ...extra,
  });
}

async function logIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login', () => {
  it('has labelled fields and a link to /forgot-password', async () => {
    loginServer();
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByRole('link', { name: /forgot password/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('goes back to the page the user came from after logging in', async () => {
    const fetchMock = loginServer();
    const { router } = renderApp('/account/payments');
    expect(await screen.findByText(messages.mustLogIn)).toBeInTheDocument();
    await logIn('member', 'secret1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/payments');
    expect(callsTo(fetchMock, 'POST /api/auth/login')[0]?.body).toEqual({
      username: 'member',
      password: 'secret1',
    });
    // The auth status was fetched again after the login.
    expect(callsTo(fetchMock, 'GET /api/auth/status').length).toBeGreaterThanOrEqual(2);
  });

  it('goes to /account/reservations when no page sent the user', async () => {
    loginServer();
    const { router } = renderApp('/login');
    await logIn('member', 'secret1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Reservations' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/reservations');
  });

  it("shows the server's message when the login fails", async () => {
    loginServer();
    const { router } = renderApp('/login');
    await logIn('member', 'wrong');
    expect(await screen.findByText(messages.invalidCredentials)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the pending-approval message of a 403 without a global logout', async () => {
    loginServer({
      'POST /api/auth/login': { status: 403, body: { message: messages.pendingApproval } },
    });
    const { router } = renderApp('/login');
    await logIn('member', 'secret1');
    expect(await screen.findByText(messages.pendingApproval)).toBeInTheDocument();
    expect(screen.queryByText(messages.loggedOut)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the default text when the failure has no message', async () => {
    loginServer({ 'POST /api/auth/login': { status: 500 } });
    renderApp('/login');
    await logIn('member', 'secret1');
    expect(await screen.findByText(messages.loginFailed)).toBeInTheDocument();
  });

  it('says so when the login succeeded but no session exists afterwards', async () => {
    loginServer({
      'GET /api/auth/status': authStatus(null),
      'POST /api/auth/login': { body: { message: 'Logged in.', user: testUser } },
    });
    const { router } = renderApp('/login');
    await logIn('member', 'secret1');
    expect(await screen.findByText(messages.loginNoSession)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('requires both fields before calling the server', async () => {
    const fetchMock = loginServer();
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/auth/login')).toHaveLength(0);
  });
});

describe('global logout', () => {
  it('a 401 from any other call sends the user to /login with the logged-out message', async () => {
    let session = true;
    mockApi({
      'GET /api/auth/status': () => authStatus(session ? testUser : null),
      'PUT /api/users/me/password': () => {
        session = false;
        return { status: 401, body: { message: messages.notAuthenticated } };
      },
    });
    const { router } = renderApp('/account/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const { api } = await import('@/lib/api/client.js');
    await expect(api.put('/users/me/password', {})).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText(messages.loggedOut)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(messages.mustLogIn)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();

    // Logging in again returns to the page the user was on.
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/account/profile' } });
  });

  it('later visits to other guarded pages get the ordinary login message', async () => {
    mockApi(
      {
        // The page's own list loads; a later call finds the session gone.
        'GET /api/documents': { body: [] },
        'GET /api/account/profile': { status: 401, body: { message: messages.notAuthenticated } },
      },
      { user: testUser },
    );
    const { router } = renderApp('/account/documentation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documentation' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(messages.noDocuments)).toBeInTheDocument();
    const { api } = await import('@/lib/api/client.js');
    await expect(api.get('/account/profile')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText(messages.loggedOut)).toBeInTheDocument();
    await router.navigate('/account/history');
    expect(await screen.findByText(messages.mustLogIn)).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/account/history' } });
  });
});
