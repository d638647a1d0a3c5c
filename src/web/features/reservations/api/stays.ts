/**
 * A group's stay after approval: its questionnaire and final count
 * (docs/money.md). Keys under 'reservations': user data, dropped on logout,
 * and reloaded with every reservation change.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Questionnaire } from '../../../../shared/schemas/questionnaire.js';
import { api } from '@/lib/api/client.js';
import { documentKeys } from '@/lib/api/documents.js';
import { paymentsRootKey } from '@/lib/api/money.js';
import { reservationKeys } from './reservations.js';

/** GET /api/reservations/{id}/questionnaire: the final count so far and its due day. */
export const questionnaireQuery = (reservationId: number) =>
  queryOptions({
    queryKey: [...reservationKeys.all, 'questionnaire', reservationId] as const,
    queryFn: ({ signal }) =>
      api.get<Questionnaire>(`/reservations/${reservationId}/questionnaire`, { signal }),
    staleTime: 30_000,
    retry: false,
  });

/**
 * PUT /api/reservations/{id}/questionnaire with the final count: the server
 * prices the stay again, writes an invoice and refunds any overpayment, so
 * the reservations (their new price), the payments and the documents are
 * reloaded; it resolves once the reservations are in again.
 */
export function useSaveFinalCount(reservationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (finalGuests: number) =>
      api.put<Questionnaire>(`/reservations/${reservationId}/questionnaire`, { finalGuests }),
    onSuccess: () =>
      Promise.all(
        [reservationKeys.all, paymentsRootKey, documentKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
