/**
 * What one stay owes and the payments it may take now (docs/money.md): its
 * price less what was paid net of refunds; the deposit alone while nothing is
 * paid, else everything still owed.
 */
import { depositPayable, owedCents } from '../../../shared/payment-parts.js';
import { formatMoney } from '../../../shared/pricing.js';
import { isHolding } from '../../../shared/reservations.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';

/** What a checkout asks for: the deposit, or everything still owed. */
export type CheckoutPart = 'deposit' | 'balance';

type Amounts = Pick<
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

export function stayMoney(r: Amounts): StayMoney {
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

export interface PayOption {
  part: CheckoutPart;
  amountCents: number;
  /** The button's text, e.g. 'Pay deposit ($1,175.00)'. */
  label: string;
}

/**
 * The payments a stay may take now: the deposit (while it may be paid alone)
 * and everything owed, 'Pay balance' once something is paid, else 'Pay in full'.
 */
export function payOptions(r: Amounts & Pick<Reservation, 'currency'>): PayOption[] {
  const money = stayMoney(r);
  if (money.owedCents <= 0) return [];
  const amount = (cents: number) => formatMoney(cents, r.currency);
  const options: PayOption[] = [];
  if (money.depositPayable) {
    options.push({
      part: 'deposit',
      amountCents: r.depositCents,
      label: `Pay deposit (${amount(r.depositCents)})`,
    });
  }
  options.push({
    part: 'balance',
    amountCents: money.owedCents,
    label: `${money.netCents > 0 ? 'Pay balance' : 'Pay in full'} (${amount(money.owedCents)})`,
  });
  return options;
}
