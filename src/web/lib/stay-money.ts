/**
 * What one stay owes (docs/money.md): its price less what was paid net of
 * refunds, and whether the deposit may still be paid alone. Shared by the
 * Payments page and the stay page.
 */
import { depositPayable, owedCents } from '../../shared/payment-parts.js';
import { isHolding } from '../../shared/reservations.js';
import type { Reservation } from '../../shared/schemas/reservations.js';

export type StayAmounts = Pick<
  Reservation,
  'status' | 'priceCents' | 'depositCents' | 'paidCents' | 'refundedCents'
>;

export interface StayMoney {
  /** Paid less refunded. */
  netCents: number;
  owedCents: number;
  /** Whether the deposit may be paid alone now. */
  depositPayable: boolean;
  /** What the balance's due day asks for: all that is owed, less the deposit while it may be paid alone. */
  balanceCents: number;
}

export function stayMoney(r: StayAmounts): StayMoney {
  const netCents = r.paidCents - r.refundedCents;
  const state = {
    holding: isHolding(r.status),
    priceCents: r.priceCents,
    depositCents: r.depositCents,
    netCents,
  };
  const owed = owedCents(state);
  const deposit = depositPayable(state);
  return {
    netCents,
    owedCents: owed,
    depositPayable: deposit,
    balanceCents: deposit ? owed - r.depositCents : owed,
  };
}
