/**
 * What a stay owes and which payments it may take (docs/money.md, "Deposit,
 * then balance"): its price less what was paid net of refunds, while it holds
 * its days. The deposit may be paid alone only while nothing is paid.
 */
export type PaymentPart = 'deposit' | 'balance' | 'full';

export interface OwedState {
  holding: boolean;
  priceCents: number;
  depositCents: number;
  /** Paid less refunded. */
  netCents: number;
}

export const owedCents = (s: OwedState) => (s.holding ? Math.max(s.priceCents - s.netCents, 0) : 0);

/** Whether the deposit alone may be paid now: there is one, less than the whole, and nothing is paid. */
export const depositPayable = (s: OwedState) =>
  owedCents(s) > 0 && s.depositCents > 0 && s.netCents <= 0 && s.depositCents < owedCents(s);

/** What a payment of `amountCents` would be for this stay, or null when it is not one it may take. */
export function partOf(s: OwedState, amountCents: number): PaymentPart | null {
  const owed = owedCents(s);
  if (owed <= 0) return null;
  if (amountCents === owed) return s.netCents > 0 ? 'balance' : 'full';
  if (depositPayable(s) && amountCents === s.depositCents) return 'deposit';
  return null;
}

/** A payment's name on receipts and the ledger's screens. */
export const PART_LABELS: Record<PaymentPart, string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'Payment in full',
};
