/**
 * The member's reservation calls. Keys start with 'reservations' (not auth,
 * facility or public): they are user data and are dropped on logout.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarEntry,
  CreateReservationBody,
  Reservation,
} from '../../../../shared/schemas/reservations.js';
import { isDayKey, type DayKey } from '../../../../shared/dates.js';
import { api, ApiError, hasErrorCode } from '@/lib/api/client.js';
import { documentKeys } from '@/lib/api/documents.js';
import { paymentsRootKey } from '@/lib/api/money.js';

export const reservationKeys = {
  all: ['reservations'] as const,
  calendar: (year: number, month: number) => ['reservations', 'calendar', year, month] as const,
  mine: ['reservations', 'mine'] as const,
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

export const myReservationsQuery = queryOptions({
  queryKey: reservationKeys.mine,
  queryFn: ({ signal }) => api.get<Reservation[]>('/reservations/my-reservations', { signal }),
  staleTime: 30_000,
  retry: false,
});

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
