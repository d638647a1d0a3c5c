/**
 * The administrator's user calls (docs/product.md §4, §7): the pending users, the
 * accounts they can join, approving (assign an account, then approve) or
 * rejecting one, and the directory of every user with its changes (church,
 * role, active). Every change refetches the user lists.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Role, User } from '../../../../shared/schemas/auth.js';
import type { AccountSummary } from '../../../../shared/schemas/accounts.js';
import type { DirectoryUser, UserStatus } from '../../../../shared/schemas/directory.js';
import type { PendingUser } from '../../../../shared/schemas/users.js';
import { api } from '@/lib/api/client.js';
import { getPage } from '@/lib/api/paging.js';
import { adminReservationsKey } from './reservations.js';

export type { AccountSummary, DirectoryUser, PendingUser, UserStatus };

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const usersKey = ['admin', 'users'] as const;
export const pendingUsersKey = [...usersKey, 'pending'] as const;
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
    // Refetch whether it worked or not: the lists may be stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** DELETE /api/users/{id}/reject: the pending user is deleted (and told by mail). */
export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<{ message: string }>(`/users/${userId}/reject`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** The directory's filters; absent means "all". */
export interface UserFilters {
  status?: UserStatus;
  accountId?: number;
  /** Part of a username, email or church name. */
  q?: string;
}

/** GET /api/users?status=&accountId=&q=: the earlier list stays while a new filter loads. */
export const usersDirectoryQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: [...usersKey, 'directory', filters],
    queryFn: ({ signal }) =>
      api.get<DirectoryUser[]>('/users', {
        signal,
        query: { status: filters.status, accountId: filters.accountId, q: filters.q },
      }),
    placeholderData: keepPreviousData,
  });

export function useUsersDirectory(filters: UserFilters) {
  return useQuery(usersDirectoryQuery(filters));
}

/** Users per page of the directory. */
export const USERS_PAGE_SIZE = 50;

export interface UsersPage {
  users: DirectoryUser[];
  /** Whether another page follows (one more user than a page was asked for). */
  hasNext: boolean;
}

/**
 * GET /api/users, one page of the filters, by username. The earlier page
 * stays while another loads, so the filters keep their focus.
 */
export const usersDirectoryPageQuery = (filters: UserFilters, page: number) =>
  queryOptions({
    queryKey: [...usersKey, 'directory', filters, page],
    queryFn: async ({ signal }): Promise<UsersPage> => {
      const { status, accountId, q } = filters;
      const { items, hasNext } = await getPage<DirectoryUser>('/users', {
        page,
        size: USERS_PAGE_SIZE,
        query: { status, accountId, q },
        signal,
      });
      return { users: items, hasNext };
    },
    placeholderData: keepPreviousData,
  });

export function useUsersDirectoryPage(filters: UserFilters, page: number) {
  return useQuery(usersDirectoryPageQuery(filters, page));
}

/** What an administrator changes about a user: the church, the role, active or not. */
export type UserChange = { id: number } & (
  { accountId: number } | { role: Role } | { active: boolean }
);

/**
 * PATCH /api/users/{id}. A change that would leave no active administrator
 * is refused (409, `last_admin`). The users, the churches (their members) and
 * the reservations (their church) are refetched.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UserChange) => api.patch<DirectoryUser>(`/users/${id}`, body),
    onSettled: () =>
      Promise.all(
        [usersKey, accountsKey, adminReservationsKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
