/**
 * The cached authentication status. It lives beside the client (not in a
 * feature) because the route guards, the navigation, the global logout and
 * every feature read it.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthStatus, User } from '../../../shared/schemas/auth.js';
import { api, hasErrorCode } from './client.js';

export const authStatusKey = ['auth', 'status'] as const;

/**
 * Where a page that needs a session goes once the session has ended here
 * (logout, forced logout). Without it a guard sends the visitor to the login
 * screen with its own message.
 */
export interface SessionEnd {
  /** The path of the page the user was on when the session ended. */
  at: string;
  to: string;
  state?: unknown;
}

/** The auth status as cached: the server's answer, or the end of a session. */
export type CachedAuthStatus = AuthStatus & { ended?: SessionEnd };

export const authStatusQuery = queryOptions({
  queryKey: authStatusKey,
  queryFn: ({ signal }): Promise<CachedAuthStatus> =>
    api.get<AuthStatus>('/auth/status', { signal }),
  staleTime: 5 * 60_000,
  retry: false,
});

/** Query keys that hold public data and may outlive a session. */
const PUBLIC_KEYS = new Set<unknown>(['auth', 'facility', 'public']);

/** Forget the session: the cache says "logged out" and user data is dropped. */
export function clearSession(queryClient: QueryClient, ended?: SessionEnd): void {
  void queryClient.cancelQueries({ predicate: (q) => !PUBLIC_KEYS.has(q.queryKey[0]) });
  queryClient.removeQueries({ predicate: (q) => !PUBLIC_KEYS.has(q.queryKey[0]) });
  void queryClient.cancelQueries({ queryKey: authStatusKey });
  const data: CachedAuthStatus = ended
    ? { authenticated: false, user: null, ended }
    : { authenticated: false, user: null };
  queryClient.setQueryData(authStatusKey, data);
}

/**
 * PUT /api/users/me/email (null clears it): where the user's mail goes. The
 * answer's user replaces the cached one, so every screen shows the new address.
 */
export function useSetMyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string | null) =>
      api.put<{ message: string; user: User }>('/users/me/email', { email }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<CachedAuthStatus>(authStatusKey, { authenticated: true, user });
    },
  });
}

/** True when the answer says the user is not assigned to an account (church) yet. */
export const isNoAccount = (error: unknown) => hasErrorCode(error, 'no_account');
