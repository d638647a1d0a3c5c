import { daysBetween, todayIn } from '../../../shared/dates.js';
import { cancellationRefund, describePolicy } from '../../../shared/pricing.js';
import { isHolding } from '../../../shared/reservations.js';
import type { CancellationQuote, LedgerQuery } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/open.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors.js';
import {
  CHECKOUT_TOKEN_TTL_SECONDS,
  createCheckoutToken,
  readCheckoutToken,
} from '../../payment-providers/checkout-token.js';
import type { PaymentEvent } from '../../payment-providers/provider.js';
import { lockReservation, recordCharge, type LockedReservation } from './charges.js';
import { entriesOf, listEntries, summarize, toCsv, totals } from './ledger.js';
import type { MoneyDeps } from './money-deps.js';
import { refundReservation } from './refunds.js';
import { isAdmin } from '../../../shared/roles.js';

export type WebhookOutcome = 'paid' | 'refunded' | 'refund_failed' | 'duplicate' | 'ignored';

interface Deps extends MoneyDeps {
  /** The key that signs sandbox checkout tokens. */
  checkoutKey: () => Promise<string>;
}

export interface Viewer {
  id: number;
  role: string;
  accountId: number | null;
}

/** A payment the provider has not charged (or a forged one): answered the same for everyone. */
const invalidCheckout = () =>
  notFound('This payment form is not valid. Close it and open the payment again.');

export function createPaymentsService(deps: Deps) {
  const { db, provider, currency } = deps;
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);

  /** What is still owed: the whole price while unpaid and holding its days, else nothing. */
  const owed = (r: { status: string; paymentStatus: string; priceCents: number | null }) =>
    isHolding(r.status as never) && r.paymentStatus !== 'paid' ? (r.priceCents ?? 0) : 0;

  return {
    config: () => ({
      provider: provider.name,
      dailyRateCents: deps.pricing.dailyRateCents,
      currency,
    }),

    /** Where the member pays: the sandbox frame (with its signed token) or the provider's hosted page. */
    async checkout(reservationId: number, userId: number) {
      const row = await lockReservation(db, reservationId);
      if (!row || row.r.userId !== userId) throw notFound('Reservation not found.');
      const amountCents = owed(row.r);
      if (amountCents <= 0)
        throw conflict('This reservation does not need a payment.', 'not_payable');
      const token = createCheckoutToken(await deps.checkoutKey(), {
        reservationId,
        userId,
        amountCents,
        currency,
        exp: nowSeconds() + CHECKOUT_TOKEN_TTL_SECONDS,
      });
      return provider.checkout({
        reservationId,
        dayCount: daysBetween(row.r.firstDay, row.r.lastDay) + 1,
        amountCents,
        currency,
        eventName: row.r.eventName,
        token,
        successUrl: `${deps.publicUrl}/account/payments?paid=${reservationId}`,
        cancelUrl: `${deps.publicUrl}/account/payments`,
      });
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
     * token's amount is still owed, so a token used twice or twenty payments at
     * once charge exactly once; then recorded exactly like a provider's event.
     */
    async payWithSandbox(
      claims: { reservationId: number; userId: number; amountCents: number; currency: string },
      charge: () => PaymentEvent,
    ) {
      const outcome = await inTransaction(db, async (tx) => {
        const row = await lockReservation(tx, claims.reservationId);
        if (!row || row.r.userId !== claims.userId) throw invalidCheckout();
        if (owed(row.r) !== claims.amountCents || claims.currency !== currency) {
          throw conflict('Nothing is owed on this reservation any more.', 'nothing_owed');
        }
        return recordCharge(tx, deps, charge());
      });
      return outcome;
    },

    /** A provider's verified event: a payment, recorded once; refunded at once when it cannot pay. */
    async handleWebhook(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookOutcome> {
      const event = await provider.parseWebhook(rawBody, headers);
      if (!event) return 'ignored';
      try {
        const outcome = await inTransaction(db, (tx) => recordCharge(tx, deps, event));
        return outcome;
      } catch (err) {
        // Two copies of one event at once (for a reservation that is gone): the other one recorded it.
        if (isUniqueViolation(err)) return 'duplicate';
        throw err;
      }
    },

    /** What cancelling now would refund by the policy. */
    async cancellationQuote(row: { id: number; firstDay: string }): Promise<CancellationQuote> {
      const { netCents } = totals(await entriesOf(db, row.id));
      const today = todayIn(deps.facilityTimezone, deps.now());
      const { refundCents, tier, daysBeforeStart } = cancellationRefund(
        deps.pricing.cancellationPolicy,
        netCents,
        today,
        row.firstDay,
      );
      return {
        refundCents,
        paidCents: netCents,
        currency,
        policy: tier,
        daysBeforeStart,
        description: describePolicy(deps.pricing.cancellationPolicy),
      };
    },

    /** Refunds in the caller's transaction (the reservation is locked), its mail queued there too. */
    refund: (
      tx: Db,
      o: { row: LockedReservation; amountCents: number; reason: string; actorId: number | null },
    ) => refundReservation(tx, deps, o),
    netPaid: async (tx: Db, reservationId: number) =>
      totals(await entriesOf(tx, reservationId)).netCents,

    /** The ledger: a member sees their church's entries, an administrator all of them. */
    async list(viewer: Viewer, query: LedgerQuery) {
      const admin = isAdmin(viewer);
      if (!admin && viewer.accountId === null) return { entries: [], total: 0 };
      const filter = {
        ...query,
        timeZone: deps.facilityTimezone,
        ...(admin ? {} : { accountId: viewer.accountId! }),
      };
      return listEntries(db, filter);
    },

    async summary(query: LedgerQuery) {
      return { currency, ...(await summarize(db, { ...query, timeZone: deps.facilityTimezone })) };
    },

    async exportCsv(query: LedgerQuery) {
      const { limit: _limit, offset: _offset, ...all } = query;
      const { entries } = await listEntries(db, { ...all, timeZone: deps.facilityTimezone });
      return toCsv(entries);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
