/** Amounts of a reservation as the admin screens show and refund them (docs/money.md). */
import { currencySymbol } from '../../../shared/currencies.js';
import { formatMoney } from '../../../shared/pricing.js';

export { currencySymbol };
import type { Reservation } from '../../../shared/schemas/index.js';

type Amounts = Pick<
  Reservation,
  'paymentStatus' | 'priceCents' | 'currency' | 'paidCents' | 'refundedCents'
>;

/** What may still be refunded: paid minus already refunded, never below 0. */
export const refundableCents = (r: Amounts) => Math.max(r.paidCents - r.refundedCents, 0);

export interface PaymentState {
  /** 'Unpaid', or 'Paid $450.00'. */
  paid: string;
  /** 'Refunded $100.00' once anything was refunded. */
  refunded: string | null;
}

/** The payment state of a row: 'paid' stays after a refund, which is shown beside it. */
export function paymentState(r: Amounts): PaymentState {
  const isPaid = r.paymentStatus === 'paid' || r.paidCents > 0;
  return {
    paid: isPaid ? `Paid ${formatMoney(r.paidCents, r.currency)}` : 'Unpaid',
    refunded: r.refundedCents > 0 ? `Refunded ${formatMoney(r.refundedCents, r.currency)}` : null,
  };
}

/** Cents as the currency's major units (dollars), for a number field. */
export const toMajorUnits = (cents: number) => cents / 100;

/**
 * A number field's value (a number, or a string while empty or half typed) in
 * whole cents; null when it is not a number.
 */
export function toCents(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
