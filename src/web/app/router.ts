import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { installGlobalLogout } from './globalLogout.js';
import { routes } from './routes.js';

/** The browser router, with the global logout wired to it. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(routes);
  installGlobalLogout(router, queryClient);
  return router;
}

/**
 * Loads the lazy route modules that draw `pathname`. Before hydrating a
 * prerendered page the router must have them: without them its first render
 * would be the loading fallback, not the page the HTML already shows.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
