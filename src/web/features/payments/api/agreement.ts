/**
 * The house's facility agreement (docs/money.md, "The facility agreement"):
 * its text (public, under 'facility', kept over a logout) and the leader's
 * acceptance for one stay, which must come before any payment of it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AgreementAcceptance,
  AgreementContent,
  StayAgreement,
} from '../../../../shared/schemas/agreement.js';
import { api, ApiError } from '@/lib/api/client.js';
import { documentKeys } from '@/lib/api/documents.js';
import { paymentKeys } from './payments.js';

export type { AgreementAcceptance, AgreementContent, StayAgreement };

/** GET /api/facility/agreement: the text to accept, or null when the house has none (404). */
export const facilityAgreementQuery = queryOptions({
  queryKey: ['facility', 'agreement'] as const,
  queryFn: async ({ signal }) => {
    try {
      return await api.get<AgreementContent>('/facility/agreement', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/**
 * GET /api/reservations/{id}/agreement: the agreement of one stay, to read
 * before accepting it, with the stay's own deposit and cancellation terms
 * (those it was requested with, whatever the house's pricing says now).
 */
export const stayAgreementQuery = (reservationId: number) =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'agreement', reservationId] as const,
    queryFn: ({ signal }) =>
      api.get<StayAgreement>(`/reservations/${reservationId}/agreement`, { signal }),
    staleTime: 60_000,
    retry: false,
  });

/**
 * POST /api/reservations/{id}/agreement {fullName}: the leader accepts the
 * agreement for the stay. The reservations (which then name it) and the
 * documents (its signed copy) are loaded again, without waiting for them.
 */
export function useAcceptAgreement(reservationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { fullName: string }) =>
      api.post<AgreementAcceptance>(`/reservations/${reservationId}/agreement`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.reservations });
      void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
