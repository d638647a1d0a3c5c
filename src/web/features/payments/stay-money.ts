/**
 * The payments a stay may take now (docs/money.md): the deposit alone while
 * nothing is paid, else everything still owed (`stayMoney`, src/web/lib).
 */
import { formatMoney } from '../../../shared/pricing.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import { stayMoney, type StayAmounts } from '@/lib/stay-money.js';

export { stayMoney, type StayMoney } from '@/lib/stay-money.js';

/** What a checkout asks for: the deposit, or everything still owed. */
export type CheckoutPart = 'deposit' | 'balance';

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
export function payOptions(r: StayAmounts & Pick<Reservation, 'currency'>): PayOption[] {
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
