/**
 * The account history calls. Keys are user data (not auth, facility or
 * public): dropped when the session ends.
 */
import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../shared/schemas/profile.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { api, hasErrorCode } from '@/lib/api/client.js';

export type { HistoryEntry };

export const historyKeys = {
  /** The profile feature invalidates this key after a change (it records an entry). */
  history: ['account', 'history'] as const,
  /**
   * The whole list, the same key and answer as the Payments page's, so the two
   * share one cache entry; My Reservations' pages and counts are under it and
   * every change there refreshes this too (docs/lists.md).
   */
  myReservations: ['reservations', 'mine'] as const,
};

/** GET /api/account/history: the account's activity, newest first. */
export const accountHistoryQuery = queryOptions({
  queryKey: historyKeys.history,
  queryFn: ({ signal }) => api.get<HistoryEntry[]>('/account/history', { signal }),
  // Other screens record entries without invalidating this key: refetch on every visit.
  staleTime: 0,
  retry: false,
});

/**
 * GET /api/reservations/my-reservations, whole: the past stays are taken from
 * it (the list has no date filter to ask for the past ones only).
 */
export const myReservationsQuery = queryOptions({
  queryKey: historyKeys.myReservations,
  queryFn: ({ signal }) => api.get<Reservation[]>('/reservations/my-reservations', { signal }),
  staleTime: 30_000,
  retry: false,
});

/** True when the answer says the user is not assigned to an account. */
export const isNoAccount = (error: unknown) => hasErrorCode(error, 'no_account');
