import { describePolicy } from '../../../shared/pricing.js';
import type { PriceTerms } from '../../../shared/group-pricing.js';
import { isAdmin } from '../../../shared/roles.js';
import type { AgreementContent } from '../../../shared/schemas/agreement.js';
import type { CancellationQuote, LedgerQuery } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/open.js';
import { isUniqueViolation } from '../../errors.js';
import { WebhookSignatureError, type PaymentProvider } from '../../payment-providers/provider.js';
import { memberCancellation } from './cancellation-terms.js';
import { createCheckout } from './checkout.js';
import { listEntries, summarize, toCsv } from './ledger.js';
import { paidOf } from './paid.js';
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
  agreement: () => AgreementContent | null;
}

export interface Viewer {
  id: number;
  role: string;
  accountId: number | null;
}

export function createPaymentsService(deps: Deps) {
  const { db, provider, currency, refundWorker } = deps;
  const events = createProviderEvents(deps, refundWorker);
  const refundsAdmin = createRefundsAdmin({ db, refundWorker });

  const checkout = createCheckout(deps);

  return {
    config: () => ({
      provider: provider.name,
      dailyRateCents: deps.pricing().dailyRateCents,
      currency,
    }),

    checkout: checkout.checkout,
    readCheckout: checkout.readCheckout,
    payWithSandbox: checkout.payWithSandbox,

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

    /** What a member's cancelling now would refund, by the terms that govern the stay. */
    async cancellationQuote(row: {
      id: number;
      firstDay: string;
      depositCents: number;
      priceTerms: PriceTerms | null;
    }): Promise<CancellationQuote> {
      const { netCents } = await paidOf(db, row.id);
      const { refundCents, tier, daysBeforeStart, keptCents, policy } = await memberCancellation(
        db,
        row,
        netCents,
        { pricing: deps.pricing(), timeZone: deps.facilityTimezone, now: deps.now() },
      );
      return {
        refundCents,
        paidCents: netCents,
        depositKeptCents: keptCents,
        currency,
        policy: tier,
        daysBeforeStart,
        description: describePolicy(policy),
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
    /** What the stay has paid, by the one rule (./paid.ts); the caller holds its lock. */
    netPaid: async (tx: Db, reservationId: number) => (await paidOf(tx, reservationId)).netCents,

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
