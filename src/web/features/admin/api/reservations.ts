/**
 * The administrator's reservation calls (SPEC §7): the whole list, status
 * changes, detail edits and deletion. Every change refetches the list.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminReservation } from '../../../../shared/schemas/index.js';
import { api } from '@/lib/api/client.js';
import { adminPaymentsKey } from './payments.js';

/** A reservation as an administrator sees it: with the church (account) of the member who asked. */
export type Reservation = AdminReservation;

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const adminReservationsKey = ['admin', 'reservations'] as const;

/**
 * GET /api/reservations, of one church with `accountId`. The earlier list
 * stays on screen while another church's loads, so the filters keep their focus.
 */
export const adminReservationsQuery = (accountId?: number) =>
  queryOptions({
    queryKey: [...adminReservationsKey, { accountId }],
    queryFn: ({ signal }) =>
      api.get<Reservation[]>('/reservations', { signal, query: { accountId } }),
    placeholderData: keepPreviousData,
  });

export function useAdminReservations(accountId?: number) {
  return useQuery(adminReservationsQuery(accountId));
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

/** DELETE /api/reservations/{id} (cancelled or rejected ones only). */
export function useDeleteReservation() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/reservations/${id}`),
    onSettled: refetch,
  });
}
