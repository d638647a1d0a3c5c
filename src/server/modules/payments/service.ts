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
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
} from '../../payment-providers/provider.js';
import { isAdmin } from '../../../shared/roles.js';
import { lockReservation, recordCharge } from './charges.js';
import { recordSession } from './checkout-sessions.js';
import { entriesOf, listEntries, summarize, toCsv, totals } from './ledger.js';
import type { MoneyDeps } from './money-deps.js';
import { createProviderEvents, type WebhookOutcome } from './provider-events.js';
import type { RefundWorker } from './refund-worker.js';
import { createRefundsAdmin } from './refunds-admin.js';
import { recordReservationRefund, type RefundOrder } from './refunds.js';

export type { WebhookOutcome };

interface Deps extends MoneyDeps {
  /** The key that signs sandbox checkout tokens. */
  checkoutKey: () => Promise<string>;
  refundWorker: RefundWorker;
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
  const { db, provider, currency, refundWorker } = deps;
  const events = createProviderEvents(deps, refundWorker);
  const refundsAdmin = createRefundsAdmin({ db, refundWorker });
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
      const checkout = await provider.checkout({
        reservationId,
        dayCount: daysBetween(row.r.firstDay, row.r.lastDay) + 1,
        amountCents,
        currency,
        eventName: row.r.eventName,
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
     * token's amount is still owed, so a token used twice or twenty payments at
     * once charge exactly once; then recorded exactly like a provider's event.
     */
    async payWithSandbox(
      claims: { reservationId: number; userId: number; amountCents: number; currency: string },
      charge: () => PaymentEvent,
    ) {
      const sandbox = deps.providers.sandbox!;
      const recorded = await inTransaction(db, async (tx) => {
        const row = await lockReservation(tx, claims.reservationId);
        if (!row || row.r.userId !== claims.userId) throw invalidCheckout();
        if (owed(row.r) !== claims.amountCents || claims.currency !== currency) {
          throw conflict('Nothing is owed on this reservation any more.', 'nothing_owed');
        }
        return recordCharge(tx, deps, sandbox, charge());
      });
      await refundWorker.settle(recorded.refundIds);
      return recorded.outcome;
    },

    /**
     * A provider's verified event: a payment, recorded once (refunded at once
     * when it cannot pay), a bank debit's progress, a refund's news. The
     * provider is the one whose signature the request carries.
     */
    async handleWebhook(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookOutcome> {
      // Stripe's events count after a switch to the sandbox (its refunds, its sessions still open);
      // the sandbox's never count on a site that takes real money.
      const signer: PaymentProvider | undefined = [provider, deps.providers.stripe].find((p) =>
        p?.signs(headers),
      );
      if (!signer) throw new WebhookSignatureError('missing signature');
      const event = await signer.parseWebhook(rawBody, headers);
      if (!event) return 'ignored';
      try {
        return await events.handle(signer, event);
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

    /**
     * Records a refund in the caller's transaction (the reservation is locked);
     * the provider is asked once it commits: pass the ids to `settleRefunds`.
     */
    recordRefund: (tx: Db, o: RefundOrder & { row: NonNullable<RefundOrder['row']> }) =>
      recordReservationRefund(tx, o),
    /** The staff's list of refunds, and a retry of a failed one (admin). */
    refunds: refundsAdmin,
    /** Makes the refunds a committed change recorded; the worker finishes any left. */
    settleRefunds: (ids: readonly number[]) => refundWorker.settle(ids),
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
