/**
 * The account history calls. Keys are user data (not auth, facility or
 * public): dropped when the session ends.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../shared/schemas/profile.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import type { DayKey } from '../../../../shared/dates.js';
import { api } from '@/lib/api/client.js';
import { getPage } from '@/lib/api/paging.js';

export type { HistoryEntry };

export const historyKeys = {
  /** The profile feature invalidates this key after a change (it records an entry). */
  history: ['account', 'history'] as const,
  /**
   * Under the member's reservations (docs/lists.md): every change there
   * (a request, an edit, a cancellation, a payment) refreshes these too.
   */
  pastStays: (today: DayKey, page: number) =>
    ['reservations', 'mine', 'past', today, page] as const,
};

/** GET /api/account/history: the account's activity, newest first. */
export const accountHistoryQuery = queryOptions({
  queryKey: historyKeys.history,
  queryFn: ({ signal }) => api.get<HistoryEntry[]>('/account/history', { signal }),
  // Other screens record entries without invalidating this key: refetch on every visit.
  staleTime: 0,
  retry: false,
});

/** Past stays per page of the History screen. */
export const PAST_STAYS_PAGE_SIZE = 20;

/**
 * One page of the past stays: the member's reservations whose last day is
 * before the house's today, the latest first, from the database
 * (GET /api/reservations/my-reservations?endedBefore=…&order=newest).
 */
export const pastStaysQuery = (today: DayKey, page: number) =>
  queryOptions({
    queryKey: historyKeys.pastStays(today, page),
    queryFn: ({ signal }) =>
      getPage<Reservation>('/reservations/my-reservations', {
        page,
        size: PAST_STAYS_PAGE_SIZE,
        query: { endedBefore: today, order: 'newest' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
