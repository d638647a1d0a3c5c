/**
 * The member's payment calls. Keys start with 'payments' or 'reservations'
 * (not auth, facility or public): user data, dropped on logout.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Payment, PaymentConfig } from '../../../../shared/schemas/payments.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { api } from '../../../api/client.js';

/** POST /api/payments/{id}/checkout: the sandbox frame, or the provider's hosted page. */
export type Checkout =
  { kind: 'frame'; url: string; scriptUrl: string } | { kind: 'redirect'; url: string };

export const paymentKeys = {
  all: ['payments'] as const,
  config: ['payments', 'config'] as const,
  mine: ['payments', 'mine'] as const,
  checkout: (reservationId: number) => ['payments', 'checkout', reservationId] as const,
  /**
   * The same key and call as the My Reservations page's list, so that both
   * screens share one cached answer and a payment refreshes both.
   */
  reservations: ['reservations', 'mine'] as const,
};

export const paymentConfigQuery = queryOptions({
  queryKey: paymentKeys.config,
  queryFn: ({ signal }) => api.get<PaymentConfig>('/payments/config', { signal }),
  staleTime: 10 * 60_000,
  retry: false,
});

export const myPaymentsQuery = queryOptions({
  queryKey: paymentKeys.mine,
  queryFn: ({ signal }) => api.get<Payment[]>('/payments', { signal }),
  staleTime: 30_000,
  retry: false,
});

export const myReservationsQuery = queryOptions({
  queryKey: paymentKeys.reservations,
  queryFn: ({ signal }) => api.get<Reservation[]>('/reservations/my-reservations', { signal }),
  staleTime: 30_000,
  retry: false,
});

/**
 * Where to pay for one reservation, asked when its panel opens. Kept while the
 * page lives: the sandbox link is stable and a hosted page stays valid for a while.
 */
export const checkoutQuery = (reservationId: number) =>
  queryOptions({
    queryKey: paymentKeys.checkout(reservationId),
    queryFn: () => api.post<Checkout>(`/payments/${reservationId}/checkout`),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** GET /api/documents/{id}/download?disposition=inline: a short-lived link that opens in the browser. */
export const receiptLink = (documentId: number) =>
  api.get<{ downloadUrl: string; fileName: string }>(`/documents/${documentId}/download`, {
    query: { disposition: 'inline' },
  });
