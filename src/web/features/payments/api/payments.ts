/**
 * The member's payment calls. Keys start with 'payments' or 'reservations'
 * (not auth, facility or public): user data, dropped on logout.
 */
import { queryOptions } from '@tanstack/react-query';
import type { LedgerEntry } from '../../../../shared/schemas/payments.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { api } from '@/lib/api/client.js';
import { paymentsRootKey } from '@/lib/api/money.js';

/** POST /api/payments/{id}/checkout: the sandbox frame, or the provider's hosted page. */
export type Checkout =
  { kind: 'frame'; url: string; scriptUrl: string } | { kind: 'redirect'; url: string };

export const paymentKeys = {
  all: paymentsRootKey,
  mine: [...paymentsRootKey, 'mine'] as const,
  checkout: (reservationId: number) => [...paymentsRootKey, 'checkout', reservationId] as const,
  /**
   * The whole list (the payment history names every reservation its entries
   * are of), the same key and call as Past stays', so both share one cached
   * answer; My Reservations' pages and counts are under this key, so a
   * payment refreshes them too (docs/lists.md).
   */
  reservations: ['reservations', 'mine'] as const,
};

/**
 * GET /api/payments: the ledger of the member's account, charges and refunds
 * (docs/money.md); entries stay after their reservation is deleted.
 */
export const myLedgerQuery = queryOptions({
  queryKey: paymentKeys.mine,
  queryFn: ({ signal }) => api.get<LedgerEntry[]>('/payments', { signal }),
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

/**
 * GET /api/documents/{id}/download?disposition=inline: a short-lived link that
 * opens a receipt or a credit note in the browser.
 */
export const inlineLink = (documentId: number) =>
  api.get<{ downloadUrl: string; fileName: string }>(`/documents/${documentId}/download`, {
    query: { disposition: 'inline' },
  });
