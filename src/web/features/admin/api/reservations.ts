/**
 * The administrator's reservation calls (docs/product.md §7): the list a page at a time
 * per tab, the tabs' counts and the members with reservations (both from the
 * database), status changes, detail edits and deletion. Every change refetches
 * the pages, the counts and the members.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminTab } from '../../../../shared/reservations.js';
import type {
  AdminReservation,
  ReservationCounts,
  ReservationMember,
} from '../../../../shared/schemas/index.js';
import { api } from '@/lib/api/client.js';
import { putFinalCount } from '@/lib/api/questionnaire.js';
import { adminPaymentsKey } from './payments.js';

/** A reservation as an administrator sees it: with the church (account) of the member who asked. */
export type Reservation = AdminReservation;

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const adminReservationsKey = ['admin', 'reservations'] as const;

export type { ReservationCounts, ReservationMember };

/** Reservations per page of the Reservations screen. */
export const RESERVATIONS_PAGE_SIZE = 50;

/** The filters the pages and the counts share; absent means "all". */
export interface AdminReservationFilters {
  accountId?: number | undefined;
  userId?: number | undefined;
}

/** The statuses of a tab, as the list's `status` filter: All Active is pending and approved. */
export const tabStatuses = (tab: AdminTab) => (tab === 'active' ? 'pending,approved' : tab);

export interface AdminReservationsPage {
  /** The tab these are of: while another tab loads, this page stays in the cache's place. */
  tab: AdminTab;
  reservations: Reservation[];
  /** Whether another page follows (one more reservation than a page was asked for). */
  hasNext: boolean;
}

/**
 * GET /api/reservations, one page of one tab, by start. The client reads bodies
 * only, not the X-Total-Count header, so one reservation more than a page is
 * asked for: its presence says whether a next page exists. The previous page
 * stays on screen while the next one loads, so the filters keep their focus.
 */
export const adminReservationsPageQuery = (
  { accountId, userId }: AdminReservationFilters,
  tab: AdminTab,
  page: number,
) =>
  queryOptions({
    queryKey: [...adminReservationsKey, 'page', { accountId, userId }, tab, page],
    queryFn: async ({ signal }): Promise<AdminReservationsPage> => {
      const list = await api.get<Reservation[]>('/reservations', {
        signal,
        query: {
          status: tabStatuses(tab),
          accountId,
          userId,
          limit: RESERVATIONS_PAGE_SIZE + 1,
          offset: page * RESERVATIONS_PAGE_SIZE,
        },
      });
      return {
        tab,
        reservations: list.slice(0, RESERVATIONS_PAGE_SIZE),
        hasNext: list.length > RESERVATIONS_PAGE_SIZE,
      };
    },
    placeholderData: keepPreviousData,
  });

export function useAdminReservationsPage(
  filters: AdminReservationFilters,
  tab: AdminTab,
  page: number,
) {
  return useQuery(adminReservationsPageQuery(filters, tab, page));
}

/** GET /api/reservations/counts: how many reservations of the filters have each status. */
export const adminReservationCountsQuery = ({ accountId, userId }: AdminReservationFilters) =>
  queryOptions({
    queryKey: [...adminReservationsKey, 'counts', { accountId, userId }],
    queryFn: ({ signal }) =>
      api.get<ReservationCounts>('/reservations/counts', { signal, query: { accountId, userId } }),
    placeholderData: keepPreviousData,
  });

export function useAdminReservationCounts(filters: AdminReservationFilters) {
  return useQuery(adminReservationCountsQuery(filters));
}

/**
 * GET /api/reservations?status=pending,approved&from=<today>&limit=<count>: the
 * next pending or approved stays that have not ended before `today` (a stay
 * under way is still listed), by start; the dashboard's few, not every reservation.
 */
export const nextStaysQuery = (today: string, count: number) =>
  queryOptions({
    queryKey: [...adminReservationsKey, 'next', today, count],
    queryFn: ({ signal }) =>
      api.get<Reservation[]>('/reservations', {
        signal,
        query: { status: 'pending,approved', from: today, limit: count },
      }),
  });

export function useNextStays(today: string, count: number) {
  return useQuery(nextStaysQuery(today, count));
}

/** The count of a tab: All Active is pending and approved together. */
export const tabCount = (counts: ReservationCounts, tab: AdminTab) =>
  tab === 'active' ? counts.pending + counts.approved : counts[tab];

/** GET /api/reservations/members: the members with a reservation (of one church), by username. */
export const reservationMembersQuery = (accountId?: number) =>
  queryOptions({
    queryKey: [...adminReservationsKey, 'members', { accountId }],
    queryFn: ({ signal }) =>
      api.get<ReservationMember[]>('/reservations/members', { signal, query: { accountId } }),
    placeholderData: keepPreviousData,
  });

export function useReservationMembers(accountId?: number) {
  return useQuery(reservationMembersQuery(accountId));
}

/**
 * Rejecting or cancelling a reservation with money paid refunds it in the same
 * request (docs/money.md): all that is left by default, or `refundCents`, with
 * `refundReason` required when that is less.
 */
export interface RefundChoice {
  refundCents?: number;
  refundReason?: string;
}

export type AdminStatusChange =
  | { id: number; status: 'approved' }
  | ({ id: number; status: 'rejected'; adminNotes?: string } & RefundChoice)
  | ({ id: number; status: 'cancelled' } & RefundChoice);

export interface DetailsChange {
  id: number;
  eventName: string;
  eventDescription: string;
  additionalInfo: string | null;
}

/** Refetch the list after a change, whether it succeeded or not (it may be stale). */
function useRefetchAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminReservationsKey });
}

/**
 * PATCH /api/reservations/{id}/status: approve, reject (with optional notes) or
 * cancel, refunding what was paid. The ledger may have changed too.
 */
export function useChangeReservationStatus() {
  const queryClient = useQueryClient();
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: ({ id, ...body }: AdminStatusChange) =>
      api.patch<Reservation>(`/reservations/${id}/status`, body),
    onSettled: () =>
      Promise.all([refetch(), queryClient.invalidateQueries({ queryKey: adminPaymentsKey })]),
  });
}

/** PUT /api/reservations/{id}/details. */
export function useUpdateReservationDetails() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: ({ id, ...body }: DetailsChange) =>
      api.put<Reservation>(`/reservations/${id}/details`, body),
    onSettled: refetch,
  });
}

export interface FinalCountChange {
  id: number;
  finalGuests: number;
}

/**
 * PUT /api/reservations/{id}/questionnaire with the final count and the other
 * answers as saved (a PUT replaces them all): an administrator sets an
 * approved stay's final count at any time (docs/money.md, "The final
 * count"). The stay is priced again and an overpayment refunded: the list and
 * the ledger are loaded again.
 */
export function useSetFinalCount() {
  const queryClient = useQueryClient();
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: ({ id, finalGuests }: FinalCountChange) =>
      putFinalCount(id, finalGuests, { send: false }),
    onSettled: () =>
      Promise.all([refetch(), queryClient.invalidateQueries({ queryKey: adminPaymentsKey })]),
  });
}

/** DELETE /api/reservations/{id} (cancelled or rejected ones only). */
export function useDeleteReservation() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/reservations/${id}`),
    onSettled: refetch,
  });
}
