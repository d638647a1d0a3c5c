import type { QueryClient } from '@tanstack/react-query';
import {
  type createBrowserRouter,
  matchRoutes,
  type RouteObject,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import { installGlobalLogout } from './globalLogout.js';
import {
  isInSignedInArea,
  routes,
  routesOutsideSignedInAreas,
  signedInAreas,
  SITE_ROUTE_ID,
  type RouteHandle,
} from './routes.js';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router for the page at `pathname`, started in steps with
 * `pause()` between them: each step a short task on a phone, where React
 * Router's `createBrowserRouter` was one long one (docs/operations.md,
 * "Prerendered pages"). The page is matched, its modules are asked for, then
 * its data; the router starts once the modules are in, so that it draws the
 * page or takes over its prerendered HTML without loading anything first.
 */
export async function startAppRouter(
  queryClient: QueryClient,
  pathname: string,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<AppRouter> {
  const tree = startingRoutes(pathname);
  const matches = matchRoutes(tree, pathname) ?? [];
  await pause();
  const loaded = withPageModules(tree, matches);
  await pause();
  prefetchRouteData(matches, queryClient);
  const routes = await loaded;
  await pause();
  const router = createAppRouter(queryClient, routes);
  await pause();
  router.initialize();
  await pause();
  addSignedInAreas(router);
  return router;
}

/**
 * The routes the router starts with on a page at `pathname`. Outside /account
 * and /admin they leave those areas out, which halves the routes the router
 * ranks in its first task; `addSignedInAreas` adds them before the app draws.
 */
export function startingRoutes(pathname: string): RouteObject[] {
  return isInSignedInArea(pathname) ? routes : routesOutsideSignedInAreas;
}

/** The routes that draw a page, outermost first (React Router's `matchRoutes`). */
export type PageMatches = readonly { route: RouteObject }[];

/**
 * The route tree with the lazy modules of the routes that draw a page
 * (`matches` in `tree`) loaded, all at once, and in place. A router given
 * that tree has nothing to load before it can draw the page, or take over
 * its prerendered HTML: `router.initialize()` is then a short task, not a
 * navigation. A module that fails to load stays lazy: the router tries it
 * again and shows its error page if it fails again.
 */
export function withPageModules(tree: RouteObject[], matches: PageMatches): Promise<RouteObject[]> {
  const matched = new Set(matches.map(({ route }) => route));
  const modules = new Map(
    matches.flatMap(({ route }) =>
      typeof route.lazy === 'function'
        ? [[route, route.lazy().catch(() => undefined)] as const]
        : [],
    ),
  );
  const place = async (route: RouteObject): Promise<RouteObject> => {
    if (!matched.has(route)) return route;
    const [module, children] = await Promise.all([
      modules.get(route),
      route.children ? Promise.all(route.children.map(place)) : undefined,
    ]);
    return {
      ...route,
      ...(module ? { ...module, lazy: undefined } : {}),
      ...(children ? { children } : {}),
    } as RouteObject;
  };
  return Promise.all(tree.map(place));
}

/**
 * Starts the queries of the routes that draw the page (their
 * `handle.prefetch`), so that their answers travel while the page's code loads.
 */
export function prefetchRouteData(matches: PageMatches, queryClient: QueryClient): void {
  for (const { route } of matches) {
    (route.handle as RouteHandle | undefined)?.prefetch?.(queryClient);
  }
}

/**
 * The browser router on `tree`, with the global logout wired to it: React
 * Router's `createBrowserRouter` without its last step. The caller calls
 * `router.initialize()`, in a task of its own.
 */
export function createAppRouter(queryClient: QueryClient, tree: RouteObject[]): AppRouter {
  const router = createRouter({
    history: createBrowserHistory(),
    routes: tree,
    mapRouteProperties,
    hydrationRouteProperties,
  });
  installGlobalLogout(router, queryClient);
  return router;
}

/**
 * Gives a router started outside the signed-in areas their routes. React
 * Router's `patchRoutes` adds only the routes the router does not have, so a
 * router that has them already is left as it is.
 */
export function addSignedInAreas(router: AppRouter): void {
  router.patchRoutes(SITE_ROUTE_ID, signedInAreas);
}
