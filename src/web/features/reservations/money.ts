/**
 * A reservation's price and payment state as the member sees them (docs/money.md).
 * `paymentStatus` stays 'paid' after a refund: the refunded sum tells.
 */
import { formatMoney } from '../../../shared/pricing.js';
import { isHolding } from '../../../shared/reservations.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';

export type MoneyFields = Pick<
  Reservation,
  'status' | 'paymentStatus' | 'priceCents' | 'currency' | 'paidCents' | 'refundedCents'
>;

export interface PaymentState {
  label: 'Unpaid' | 'Paid' | 'Refunded' | 'Partly refunded';
  /** The amounts behind the label, e.g. "$225.00 of $450.00 refunded". */
  detail: string;
  color: string;
}

export const price = (r: MoneyFields) => formatMoney(r.priceCents, r.currency);

/** What is still held of the payments: paid less refunded. */
export const heldCents = (r: Pick<MoneyFields, 'paidCents' | 'refundedCents'>) =>
  Math.max(r.paidCents - r.refundedCents, 0);

export function paymentState(r: MoneyFields): PaymentState {
  const money = (cents: number) => formatMoney(cents, r.currency);
  if (r.refundedCents > 0) {
    const full = r.refundedCents >= r.paidCents;
    return {
      label: full ? 'Refunded' : 'Partly refunded',
      detail: full
        ? `${money(r.refundedCents)} refunded`
        : `${money(r.refundedCents)} of ${money(r.paidCents)} refunded`,
      color: full ? 'gray' : 'orange',
    };
  }
  if (r.paymentStatus === 'paid') {
    return { label: 'Paid', detail: `${money(r.paidCents)} paid`, color: 'teal' };
  }
  // A cancelled or rejected reservation owes nothing.
  const detail = isHolding(r.status) ? `${money(r.priceCents)} due` : 'nothing paid';
  return { label: 'Unpaid', detail, color: 'yellow' };
}
