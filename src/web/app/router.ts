import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { installGlobalLogout } from './globalLogout.js';
import { routes, type RouteHandle } from './routes.js';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router, with the global logout wired to it. It starts loading
 * the lazy route modules of the page it opens on at once.
 */
export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(routes);
  installGlobalLogout(router, queryClient);
  return router;
}

/**
 * Resolves once the router has the lazy route modules of the page it opened
 * on. Before hydrating a prerendered page it must have them: without them its
 * first render would be the loading fallback, not the page the HTML shows.
 */
export function routeModulesLoaded(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts the queries of the routes the router opened on (their
 * `handle.prefetch`), so that their answers travel while the page's code loads.
 */
export function prefetchRouteData(router: AppRouter, queryClient: QueryClient): void {
  for (const { route } of router.state.matches) {
    (route.handle as RouteHandle | undefined)?.prefetch?.(queryClient);
  }
}
