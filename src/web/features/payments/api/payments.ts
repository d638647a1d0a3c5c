/**
 * The member's payment calls. Keys start with 'payments' or 'reservations'
 * (not auth, facility or public): user data, dropped on logout.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LedgerEntry } from '../../../../shared/schemas/payments.js';
import { MAX_IDS_FILTER, type Reservation } from '../../../../shared/schemas/reservations.js';
import { api } from '@/lib/api/client.js';
import { paymentsRootKey } from '@/lib/api/money.js';
import type { CheckoutPart } from '../stay-money.js';

/** POST /api/payments/{id}/checkout: the sandbox frame, or the provider's hosted page. */
export type Checkout =
  { kind: 'frame'; url: string; scriptUrl: string } | { kind: 'redirect'; url: string };

export const paymentKeys = {
  all: paymentsRootKey,
  mine: [...paymentsRootKey, 'mine'] as const,
  checkout: (reservationId: number, part: CheckoutPart) =>
    [...paymentsRootKey, 'checkout', reservationId, part] as const,
  /**
   * Under the member's reservations, with My Reservations' pages and counts
   * and the past stays: a payment refreshes them all (docs/lists.md).
   */
  reservations: ['reservations', 'mine'] as const,
  payable: ['reservations', 'mine', 'payable'] as const,
  named: (ids: readonly number[]) => ['reservations', 'mine', 'named', ...ids] as const,
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

/**
 * The reservations waiting for payment: pending or approved, unpaid
 * (GET /api/reservations/my-reservations?status=pending,approved&paymentStatus=unpaid).
 * A stay stays 'unpaid' while anything is owed: after its deposit, or after a
 * larger final count (docs/money.md).
 */
export const payableReservationsQuery = queryOptions({
  queryKey: paymentKeys.payable,
  queryFn: ({ signal }) =>
    api.get<Reservation[]>('/reservations/my-reservations', {
      signal,
      query: { status: 'pending,approved', paymentStatus: 'unpaid' },
    }),
  staleTime: 30_000,
  retry: false,
});

/** The reservations the ledger's entries are of (their names and dates as they are now). */
export const ledgerReservationIds = (entries: readonly LedgerEntry[]): number[] =>
  [...new Set(entries.flatMap((e) => (e.reservationId === null ? [] : [e.reservationId])))].sort(
    (a, b) => a - b,
  );

/**
 * GET /api/reservations/my-reservations?ids=…, MAX_IDS_FILTER at a time; none
 * asked, none fetched. A new payment names one more: the last answer stays
 * meanwhile, so the page (and its open panels) stays in place.
 */
export const namedReservationsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: paymentKeys.named(ids),
    queryFn: async ({ signal }) => {
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += MAX_IDS_FILTER) {
        chunks.push(ids.slice(i, i + MAX_IDS_FILTER));
      }
      const answers = await Promise.all(
        chunks.map((chunk) =>
          api.get<Reservation[]>('/reservations/my-reservations', {
            signal,
            query: { ids: chunk.join(',') },
          }),
        ),
      );
      return answers.flat();
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

/**
 * Where to pay the deposit or the balance of one reservation, asked when its
 * button is pressed. Kept while its form is shown: the sandbox link is stable
 * and a hosted page stays valid for a while.
 */
export const checkoutQuery = (reservationId: number, part: CheckoutPart) =>
  queryOptions({
    queryKey: paymentKeys.checkout(reservationId, part),
    queryFn: () => api.post<Checkout>(`/payments/${reservationId}/checkout`, { part }),
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
