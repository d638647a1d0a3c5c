import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  authStatus,
  callsTo,
  mockApi,
  renderApp,
  testAdmin,
  testUser,
  facilityInfo,
} from '../../test/utils.js';
import { SITE_TITLE } from '../../test/site-content.js';

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

function linkNames(nav: ReturnType<typeof within>) {
  return nav.queryAllByRole('link').map((a: HTMLElement) => a.textContent);
}

describe('top navigation', () => {
  it('shows the public pages and Login to a visitor', async () => {
    mockApi();
    renderApp('/');
    const nav = await mainNav();
    expect(await nav.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(linkNames(nav)).toEqual(['Home', 'About', 'Gallery', 'Facilities', 'Login']);
    expect(nav.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('adds My Account and Logout for a user, but not Admin', async () => {
    mockApi({}, { user: testUser });
    renderApp('/');
    const nav = await mainNav();
    expect(await nav.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(linkNames(nav)).toEqual(['Home', 'About', 'Gallery', 'Facilities', 'My Account']);
  });

  it('adds Admin for an administrator', async () => {
    mockApi({}, { user: testAdmin });
    renderApp('/');
    const nav = await mainNav();
    expect(await nav.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(linkNames(nav)).toEqual([
      'Home',
      'About',
      'Gallery',
      'Facilities',
      'My Account',
      'Admin',
    ]);
  });

  it('marks the current page', async () => {
    mockApi();
    renderApp('/facilities/availability');
    const nav = await mainNav();
    await waitFor(() =>
      expect(nav.getByRole('link', { name: 'Facilities' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('logs out: POST /api/auth/logout, back to the home page, Login shown again', async () => {
    let loggedIn = true;
    const fetchMock = mockApi({
      'GET /api/auth/status': () => authStatus(loggedIn ? testUser : null),
      'POST /api/auth/logout': () => {
        loggedIn = false;
        return { body: { message: 'Logged out.' } };
      },
    });
    const { router } = renderApp('/account/profile');
    const nav = await mainNav();
    await userEvent.click(await nav.findByRole('button', { name: 'Logout' }));
    expect(await nav.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo(fetchMock, 'POST /api/auth/logout')).toHaveLength(1);
    expect(nav.queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();
  });
});

describe('page chrome', () => {
  it('has header, main and footer landmarks; the footer falls back to the default name', async () => {
    mockApi();
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${SITE_TITLE}`);
  });

  it('shows the facility name from GET /api/facility/info', async () => {
    mockApi({
      'GET /api/facility/info': facilityInfo('UTC', {
        name: 'Cedar Hill House',
        description: 'A quiet place.',
      }),
    });
    renderApp('/');
    expect(
      await within(screen.getByRole('contentinfo')).findByText(/Cedar Hill House/),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cedar Hill House' }),
    ).toBeInTheDocument();
  });

  it('scrolls to the top whenever the path changes', async () => {
    mockApi();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp('/');
    await screen.findByRole('contentinfo');
    scrollTo.mockClear();
    await router.navigate('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});

describe('facilities tabs', () => {
  it.each([
    ['/facilities', 'Floor Plans'],
    ['/facilities/floor-plans', 'Floor Plans'],
    ['/facilities/outdoor-areas', 'Outdoor Areas'],
    ['/facilities/availability', 'Availability'],
  ])('%s selects the %s tab', async (path, tab) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('tab', { name: tab, selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: tab })).toBeInTheDocument();
  });

  it('choosing a tab changes the route', async () => {
    mockApi();
    const { router } = renderApp('/facilities');
    await userEvent.click(await screen.findByRole('tab', { name: 'Availability' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Availability' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/facilities/availability');
  });
});
