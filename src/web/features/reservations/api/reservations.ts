/**
 * The member's reservation calls. Keys start with 'reservations' (not auth,
 * facility or public): they are user data and are dropped on logout.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberTab } from '../../../../shared/reservations.js';
import type {
  CalendarEntry,
  CreateReservationBody,
  Reservation,
  ReservationCounts,
} from '../../../../shared/schemas/reservations.js';
import { isDayKey, type DayKey } from '../../../../shared/dates.js';
import { api, ApiError, hasErrorCode } from '@/lib/api/client.js';
import { documentKeys } from '@/lib/api/documents.js';
import { getPage } from '@/lib/api/paging.js';
import { paymentsRootKey } from '@/lib/api/money.js';

export const reservationKeys = {
  all: ['reservations'] as const,
  calendar: (year: number, month: number) => ['reservations', 'calendar', year, month] as const,
  /** The whole list (Past stays and Payments); the pages and counts below are under it. */
  mine: ['reservations', 'mine'] as const,
  page: (tab: MemberTab, page: number) => ['reservations', 'mine', 'page', tab, page] as const,
  counts: ['reservations', 'mine', 'counts'] as const,
};

/** GET /api/reservations/calendar: own reservations in full, others' days as otherReserved. */
export const memberCalendarQuery = (year: number, month: number) =>
  queryOptions({
    queryKey: reservationKeys.calendar(year, month),
    queryFn: ({ signal }) =>
      api.get<CalendarEntry[]>('/reservations/calendar', { signal, query: { year, month } }),
    staleTime: 30_000,
    retry: false,
  });

/** Reservations per page of My Reservations (docs/lists.md). */
export const MY_RESERVATIONS_PAGE_SIZE = 50;

/** The statuses of a tab, as the list's `status` filter: All is pending and approved. */
export const memberTabStatuses = (tab: MemberTab) => (tab === 'all' ? 'pending,approved' : tab);

export interface MyReservationsPage {
  /** The tab these are of: while another tab loads, this page stays in the cache's place. */
  tab: MemberTab;
  reservations: Reservation[];
  /** Whether another page follows (one more reservation than a page was asked for). */
  hasNext: boolean;
}

/**
 * GET /api/reservations/my-reservations, one page of one tab, by start. The
 * previous page stays on screen while the next one loads.
 */
export const myReservationsPageQuery = (tab: MemberTab, page: number) =>
  queryOptions({
    queryKey: reservationKeys.page(tab, page),
    queryFn: async ({ signal }): Promise<MyReservationsPage> => {
      const { items, hasNext } = await getPage<Reservation>('/reservations/my-reservations', {
        page,
        size: MY_RESERVATIONS_PAGE_SIZE,
        query: { status: memberTabStatuses(tab) },
        signal,
      });
      return { tab, reservations: items, hasNext };
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

/** GET /api/reservations/my-reservations/counts: how many of mine have each status (the tabs). */
export const myReservationCountsQuery = queryOptions({
  queryKey: reservationKeys.counts,
  queryFn: ({ signal }) =>
    api.get<ReservationCounts>('/reservations/my-reservations/counts', { signal }),
  staleTime: 30_000,
  retry: false,
});

/** The count of a tab: All is pending and approved together. */
export const memberTabCount = (counts: ReservationCounts, tab: MemberTab) =>
  tab === 'all' ? counts.pending + counts.approved : counts[tab];

export interface DetailsInput {
  eventName: string;
  eventDescription: string;
  additionalInfo: string | null;
}

/** Every change reloads the calendar months and the list. */
function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reservationKeys.all });
}

/** The days a refused request lost to other reservations (a 409 `days_taken`), else none. */
export function takenDays(error: unknown): DayKey[] {
  if (!(error instanceof ApiError) || error.code !== 'days_taken') return [];
  const days = error.details?.days;
  return Array.isArray(days)
    ? days.filter((d): d is DayKey => typeof d === 'string' && isDayKey(d))
    : [];
}

/** A request; when its days were just taken the calendar months (and the list) are reloaded. */
export function useCreateReservation() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: CreateReservationBody) => api.post<Reservation>('/reservations', body),
    onSuccess: () => reload(),
    onError: (error) => (hasErrorCode(error, 'days_taken') ? reload() : undefined),
  });
}

/**
 * Cancelling refunds by the policy in the same request: the payments and the
 * documents (its credit note) are reloaded with the reservations.
 */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<Reservation>(`/reservations/${id}/cancel`),
    onSuccess: () =>
      Promise.all(
        [reservationKeys.all, paymentsRootKey, documentKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useUpdateReservationDetails() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DetailsInput }) =>
      api.put<Reservation>(`/reservations/${id}/details`, body),
    onSuccess: () => reload(),
  });
}
