/**
 * The administrator's registration calls (SPEC §4, §7): the pending users, the
 * accounts they can join, and approving (assign an account, then approve) or
 * rejecting one. Every change refetches the pending list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/auth.js';
import type { AccountSummary } from '../../../../shared/schemas/accounts.js';
import type { PendingUser } from '../../../../shared/schemas/users.js';
import { api } from '../../../api/client.js';

export type { AccountSummary, PendingUser };

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const pendingUsersKey = ['admin', 'users', 'pending'] as const;
export const accountsKey = ['admin', 'accounts'] as const;

export const pendingUsersQuery = queryOptions({
  queryKey: pendingUsersKey,
  queryFn: ({ signal }) => api.get<PendingUser[]>('/users/pending', { signal }),
});

export function usePendingUsers() {
  return useQuery(pendingUsersQuery);
}

export const accountsQuery = queryOptions({
  queryKey: accountsKey,
  queryFn: ({ signal }) => api.get<AccountSummary[]>('/account', { signal }),
});

/** GET /api/account: every account, to assign a new user to. */
export function useAccounts() {
  return useQuery(accountsQuery);
}

/** POST /api/account {accountName}; the accounts list is refetched. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountName: string) => api.post<AccountSummary>('/account', { accountName }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

/**
 * PUT /api/users/{id}/assign-account, then PATCH /api/users/{id}/approve (the
 * server refuses to approve a user without an account).
 */
export function useAssignAndApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, accountId }: { userId: number; accountId: number }) => {
      await api.put<User>(`/users/${userId}/assign-account`, { accountId });
      return api.patch<User>(`/users/${userId}/approve`);
    },
    // Refetch whether it worked or not: the list may be stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingUsersKey }),
  });
}

/** DELETE /api/users/{id}/reject: the pending user is deleted (and told by mail). */
export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<{ message: string }>(`/users/${userId}/reject`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingUsersKey }),
  });
}
