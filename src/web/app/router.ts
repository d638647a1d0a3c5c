import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { installGlobalLogout } from './globalLogout.js';
import { routes } from './routes.js';

/** The browser router, with the global logout wired to it. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(routes);
  installGlobalLogout(router, queryClient);
  return router;
}
