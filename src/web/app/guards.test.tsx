import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { mockApi, renderApp, testAdmin, testUser } from '../test/utils.js';

describe('route guards', () => {
  it('shows the loading text while the auth status loads', async () => {
    mockApi({ 'GET /api/auth/status': () => new Promise(() => {}) });
    renderApp('/account/profile');
    expect(await screen.findByText(messages.loadingAuth)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login with the message and the originating location', async () => {
    mockApi();
    const { router } = renderApp('/account/payments?x=1');
    expect(await screen.findByText(messages.mustLogIn)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/account/payments', search: '?x=1', hash: '' },
      message: messages.mustLogIn,
    });
  });

  it('guards the admin area against visitors too', async () => {
    mockApi();
    const { router } = renderApp('/admin/users');
    expect(await screen.findByText(messages.mustLogIn)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a logged-in user into the account area', async () => {
    mockApi({}, { user: testUser });
    renderApp('/account/documentation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documentation' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
  });

  it('redirects /account to /account/profile', async () => {
    mockApi({}, { user: testUser });
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
  });

  it('tells a non-admin that admin privileges are required and sends them to their reservations', async () => {
    mockApi({}, { user: testUser });
    const { router } = renderApp('/admin/users');
    expect(await screen.findByText(messages.adminRequired)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Reservations' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/reservations');
    // The notification is non-blocking: the page is usable at once.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an administrator in and redirects /admin to /admin/dashboard', async () => {
    mockApi({}, { user: testAdmin });
    const { router } = renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByRole('navigation', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.queryByText(messages.adminRequired)).not.toBeInTheDocument();
  });
});
