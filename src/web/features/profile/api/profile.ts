/**
 * The member's profile calls (docs/product.md §7 Accounts and Users): the account's
 * profile, its updates, and the username, email address and password
 * changes. Keys start with 'account' (not auth, facility or public): dropped
 * when the session ends.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/auth.js';
import type { AccountProfile, UpdateProfileBody } from '../../../../shared/schemas/profile.js';
import { api } from '@/lib/api/client.js';
import { authStatusKey } from '@/lib/api/session.js';

export type { AccountProfile };

export const profileKeys = {
  profile: ['account', 'profile'] as const,
  /** The history page's key: a profile change is an entry there. */
  history: ['account', 'history'] as const,
};

/** GET /api/account/profile; a 404 means the user has no account yet. */
export const accountProfileQuery = queryOptions({
  queryKey: profileKeys.profile,
  queryFn: ({ signal }) => api.get<AccountProfile>('/account/profile', { signal }),
  staleTime: 30_000,
  retry: false,
});

export interface MessageAnswer {
  message: string;
}

/**
 * PUT /api/account/profile with the part a section edits (a responsible
 * persons list replaces the old one); the answer's account becomes the cache.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      api.put<MessageAnswer & { account: AccountProfile }>('/account/profile', body),
    onSuccess: async ({ account }) => {
      queryClient.setQueryData(profileKeys.profile, account);
      await queryClient.invalidateQueries({ queryKey: profileKeys.history });
    },
  });
}

/** PUT /api/users/me/username; then the cached auth status is refreshed. */
export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newUsername: string) =>
      api.put<MessageAnswer & { user: User }>('/users/me/username', { newUsername }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authStatusKey }),
        queryClient.invalidateQueries({ queryKey: profileKeys.history }),
      ]);
    },
  });
}

/**
 * PUT /api/users/me/email (null clears it); the answer's user becomes the
 * cached auth status, so every screen sees the new address at once.
 */

/** PUT /api/users/me/password (the server ends the user's other sessions). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.put<MessageAnswer>('/users/me/password', body),
  });
}
