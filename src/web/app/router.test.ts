import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/utils.js';
import { createQueryClient } from './queryClient.js';
import {
  addSignedInAreas,
  createAppRouter,
  startAppRouter,
  startingRoutes,
  withPageModules,
  type AppRouter,
} from './router.js';
import { isInSignedInArea, routes, SITE_ROUTE_ID } from './routes.js';

/**
 * The browser's router starts in steps (main.tsx): the page's modules are
 * loaded before the router starts, so that it has nothing to load itself; on a
 * page outside /account and /admin it ranks only the routes outside them, and
 * those areas join it before the app draws.
 */

let router: AppRouter | undefined;

afterEach(() => {
  router?.dispose();
  router = undefined;
  window.history.replaceState(null, '', '/');
});

async function startAt(path: string): Promise<AppRouter> {
  mockApi({});
  window.history.replaceState(null, '', path);
  router = await startAppRouter(createQueryClient(), path);
  return router;
}

const leafPath = (started: AppRouter) => started.state.matches.at(-1)?.route.path;

describe('the router started on a page', () => {
  it('starts on the page with its modules in place, with nothing to load', async () => {
    const started = await startAt('/facilities/availability');
    expect(started.state.initialized).toBe(true);
    expect(started.state.navigation.state).toBe('idle');
    expect(started.state.matches.map((match) => match.route.path)).toEqual([
      '/',
      '/facilities',
      '/facilities/availability',
    ]);
    expect(started.state.matches.every((match) => !match.route.lazy)).toBe(true);
  });

  it('opens the account and admin pages, which joined after it started', async () => {
    const started = await startAt('/about');
    await started.navigate('/account/profile');
    expect(leafPath(started)).toBe('/account/profile');
    await started.navigate('/admin/mail');
    expect(leafPath(started)).toBe('/admin/mail');
  });

  it('starts in a signed-in area with that area in place', async () => {
    const started = await startAt('/admin/mail');
    expect(started.state.initialized).toBe(true);
    expect(leafPath(started)).toBe('/admin/mail');
    const site = started.routes.find((route) => route.id === SITE_ROUTE_ID);
    expect(site?.children?.filter((route) => route.path === '/admin')).toHaveLength(1);
  });
});

describe('addSignedInAreas', () => {
  function startedOutside(path: string): AppRouter {
    window.history.replaceState(null, '', path);
    router = createAppRouter(createQueryClient(), startingRoutes(path));
    router.initialize();
    return router;
  }

  it('is what lets a router started outside the areas open them', async () => {
    const started = startedOutside('/about');
    await started.navigate('/account/profile');
    expect(leafPath(started)).toBe('*');
    addSignedInAreas(started);
    await started.navigate('/account/history');
    expect(leafPath(started)).toBe('/account/history');
  });

  it('adds them once, however often asked', () => {
    const started = startedOutside('/about');
    addSignedInAreas(started);
    addSignedInAreas(started);
    const site = started.routes.find((route) => route.id === SITE_ROUTE_ID);
    expect(site?.children?.filter((route) => route.path === '/account')).toHaveLength(1);
  });
});

describe('withPageModules', () => {
  it("loads the lazy modules of the page's routes and no other", async () => {
    const [site] = await withPageModules(
      routes,
      matchRoutes(routes, '/facilities/outdoor-areas') ?? [],
    );
    const facilities = site?.children?.find((route) => route.path === '/facilities');
    expect(facilities?.lazy).toBeUndefined();
    expect(facilities?.Component?.name).toBe('FacilitiesPage');
    const tabs = facilities?.children ?? [];
    expect(tabs.find((tab) => tab.path === '/facilities/outdoor-areas')?.Component?.name).toBe(
      'OutdoorAreasTab',
    );
    expect(tabs.find((tab) => tab.path === '/facilities/availability')?.lazy).toBeTypeOf(
      'function',
    );
    expect(site?.children?.find((route) => route.path === '/about')?.lazy).toBeTypeOf('function');
  });

  it('leaves a route lazy when its module fails to load, for the router to try again', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const tree = [{ path: '/', children: [{ path: '/x', lazy: failing }] }];
    const [site] = await withPageModules(tree, matchRoutes(tree, '/x') ?? []);
    expect(failing).toHaveBeenCalledOnce();
    expect(site?.children?.[0]?.lazy).toBe(failing);
  });

  it('changes nothing for a path outside the tree', async () => {
    const tree = [{ path: '/a', lazy: vi.fn() }];
    expect(await withPageModules(tree, matchRoutes(tree, '/b') ?? [])).toEqual(tree);
    expect(tree[0]?.lazy).not.toHaveBeenCalled();
  });
});

describe('isInSignedInArea', () => {
  it.each([
    ['/account', true],
    ['/account/profile', true],
    ['/admin', true],
    ['/admin/users', true],
    ['/', false],
    ['/accounting', false],
    ['/administration', false],
    ['/facilities/availability', false],
  ])('%s → %s', (path, expected) => {
    expect(isInSignedInArea(path)).toBe(expected);
  });
});
