import { eq } from 'drizzle-orm';
import { daysBetween } from '../../../shared/dates.js';
import { formatMoney } from '../../../shared/pricing.js';
import { depositPayable, owedCents, type PaymentPart } from '../../../shared/payment-parts.js';
import type { AgreementContent } from '../../../shared/schemas/agreement.js';
import type { Db } from '../../db/open.js';
import { agreements } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, conflict, notFound } from '../../errors.js';
import {
  CHECKOUT_TOKEN_TTL_SECONDS,
  createCheckoutToken,
  readCheckoutToken,
} from '../../payment-providers/checkout-token.js';
import type { PaymentEvent } from '../../payment-providers/provider.js';
import { lockReservation, owedStateOf, recordCharge, type LockedReservation } from './charges.js';
import { isOwnStay } from '../reservations/ownership.js';
import { recordSession } from './checkout-sessions.js';
import { paidOf } from './paid.js';
import type { MoneyDeps } from './money-deps.js';
import type { RefundWorker } from './refund-worker.js';

interface Deps extends MoneyDeps {
  /** The key that signs sandbox checkout tokens. */
  checkoutKey: () => Promise<string>;
  refundWorker: RefundWorker;
  /** The house's facility agreement: a stay must have it accepted before a payment. */
  agreement: () => AgreementContent | null;
}

/** A payment the provider has not charged (or a forged one): answered the same for everyone. */
const invalidCheckout = () =>
  notFound('This payment form is not valid. Close it and open the payment again.');

/**
 * Paying a stay (docs/money.md, "Deposit, then balance"): the deposit while
 * nothing is paid, else everything still owed; the facility agreement first.
 */
export function createCheckout(deps: Deps) {
  const { db, provider, currency } = deps;
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);

  /** What `part` of a locked stay charges now, or the refusal. */
  async function amountOf(tx: Db, row: LockedReservation, part: 'deposit' | 'balance') {
    const state = owedStateOf(row, (await paidOf(tx, row.r.id)).netCents);
    const owed = owedCents(state);
    if (owed <= 0) throw conflict('This reservation does not need a payment.', 'not_payable');
    const agreement = deps.agreement();
    if (agreement) {
      const [accepted] = await tx
        .select({ version: agreements.version })
        .from(agreements)
        .where(eq(agreements.reservationId, row.r.id));
      if (!accepted) {
        throw conflict(
          `Accept the house's facility agreement ("${agreement.title}") for this stay before paying.`,
          'agreement_required',
        );
      }
    }
    if (part === 'balance') return { amountCents: owed, part: 'balance' as const };
    if (state.depositCents <= 0)
      throw conflict('This stay has no deposit: pay what is owed.', 'not_payable');
    if (!depositPayable(state)) {
      throw conflict(
        `The deposit can be paid only while nothing is paid; ${formatMoney(owed, currency)} is still owed.`,
        'deposit_already_paid',
      );
    }
    return { amountCents: state.depositCents, part: 'deposit' as const };
  }

  return {
    /** Where the member pays: the sandbox frame (with its signed token) or the provider's hosted page. */
    async checkout(
      reservationId: number,
      member: { id: number; accountId: number | null },
      requested: 'deposit' | 'balance',
    ) {
      const userId = member.id;
      // What is owed, read under the stay's lock; the provider is asked after the
      // commit (a hosted page may take seconds), and the payment it reports is
      // checked again against what is owed then (charges.ts).
      const { row, amountCents, part } = await inTransaction(db, async (tx) => {
        const locked = await lockReservation(tx, reservationId);
        if (!locked || !isOwnStay(locked.r, member)) throw notFound('Reservation not found.');
        return { row: locked, ...(await amountOf(tx, locked, requested)) };
      });
      const token = createCheckoutToken(await deps.checkoutKey(), {
        reservationId,
        userId,
        amountCents,
        currency,
        exp: nowSeconds() + CHECKOUT_TOKEN_TTL_SECONDS,
      });
      const paidBefore = part === 'balance' && amountCents < (row.r.priceCents ?? 0);
      const checkout = await provider.checkout({
        reservationId,
        dayCount: daysBetween(row.r.firstDay, row.r.lastDay) + 1,
        amountCents,
        currency,
        eventName: row.r.eventName,
        part: (paidBefore ? 'balance' : part === 'deposit' ? 'deposit' : 'full') as PaymentPart,
        token,
        successUrl: `${deps.publicUrl}/account/payments?paid=${reservationId}`,
        cancelUrl: `${deps.publicUrl}/account/payments`,
      });
      if (checkout.kind === 'frame') return checkout;
      // Its payment will count only because this site opened it.
      await recordSession(db, {
        provider: provider.name,
        sessionId: checkout.sessionId,
        reservationId,
        userId,
        amountCents,
        currency,
      });
      return { kind: checkout.kind, url: checkout.url };
    },

    /** The claims of a sandbox checkout token, for its own member only; anyone else learns nothing. */
    async readCheckout(token: string, userId: number | undefined) {
      const claims = readCheckoutToken(await deps.checkoutKey(), token);
      if (!claims || userId === undefined || claims.userId !== userId) throw invalidCheckout();
      if (claims.exp < nowSeconds()) {
        throw new AppError(
          400,
          'link_expired',
          'This payment form has expired. Close it and open the payment again.',
        );
      }
      return claims;
    },

    /**
     * The sandbox's card payment: under the reservation's lock, only while the
     * token's amount is still payable (the deposit while nothing is paid, or
     * all that is owed), so a token used twice or twenty payments at once
     * charge exactly once; then recorded exactly like a provider's event.
     */
    async payWithSandbox(
      claims: { reservationId: number; userId: number; amountCents: number; currency: string },
      charge: () => PaymentEvent,
    ) {
      const sandbox = deps.providers.sandbox!;
      const recorded = await inTransaction(db, async (tx) => {
        const row = await lockReservation(tx, claims.reservationId);
        if (!row || row.r.userId !== claims.userId) throw invalidCheckout();
        const state = owedStateOf(row, (await paidOf(tx, row.r.id)).netCents);
        const payable =
          claims.amountCents === owedCents(state) ||
          (depositPayable(state) && claims.amountCents === state.depositCents);
        if (owedCents(state) <= 0 || !payable || claims.currency !== currency) {
          throw conflict('Nothing is owed on this reservation any more.', 'nothing_owed');
        }
        return recordCharge(tx, deps, sandbox, charge());
      });
      await deps.refundWorker.settle(recorded.refundIds);
      return recorded.outcome;
    },
  };
}
