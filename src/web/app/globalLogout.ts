import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { onSessionEnded } from '../lib/api/client.js';
import { clearSession } from '../lib/api/session.js';
import { AUTH_PAGES, paths, toReturnLocation, type LoginState } from './paths.js';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

/**
 * docs/product.md §4 "Session": any 401/403 outside auth status/login/register ends the
 * session: the cached auth state is cleared and the user goes to /login with
 * the event's message (and the page to come back to). A guarded page being
 * left redirects to the same place, so whichever navigation wins, the login
 * screen shows the logged-out message. Returns the unsubscribe.
 */
export function installGlobalLogout(router: AppRouter, queryClient: QueryClient): () => void {
  let inProgress = false;
  return onSessionEnded((event) => {
    if (inProgress) return;
    inProgress = true;
    const current = router.state.location;
    const state: LoginState = { message: event.message };
    if (!AUTH_PAGES.has(current.pathname)) state.from = toReturnLocation(current);
    clearSession(queryClient, { at: current.pathname, to: paths.login, state });
    void Promise.resolve(router.navigate(paths.login, { state }))
      .catch(() => undefined)
      .finally(() => {
        inProgress = false;
      });
  });
}
