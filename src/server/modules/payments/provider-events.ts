import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { ledgerEntries, refunds } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { paymentFailedMail, siteNow } from '../../mail/templates.js';
import type {
  PaymentEvent,
  PaymentProvider,
  ProviderEvent,
} from '../../payment-providers/provider.js';
import { recordAccountEvent } from '../history/service.js';
import { churchAddress, lockReservation, recordCharge } from './charges.js';
import { matchSession, setSessionStatus } from './checkout-sessions.js';
import { findByEvent } from './ledger.js';
import type { MoneyDeps } from './money-deps.js';
import { completeRefund, failRefund, reverseRefund } from './refund-completion.js';
import type { RefundOutcome, RefundWorker } from './refund-worker.js';

export type WebhookOutcome =
  | 'paid'
  | 'refunded'
  | 'refund_pending'
  | 'refund_failed'
  | 'payment_pending'
  | 'payment_failed'
  | 'duplicate'
  | 'ignored';

type RefundEvent = Extract<ProviderEvent, { type: 'refund' }>;

/** What the webhook answers for a payment whose refunds were just asked for. */
const refundOutcome = (outcomes: RefundOutcome[]): WebhookOutcome =>
  outcomes.includes('failed')
    ? 'refund_failed'
    : outcomes.length > 0 && outcomes.every((o) => o === 'succeeded')
      ? 'refunded'
      : 'refund_pending';

/**
 * Acts on one verified provider event (docs/money.md): a payment is recorded
 * (refunded when it cannot pay); a bank debit's progress is kept on its
 * session; a refund's news finishes, fails or records that refund.
 */
export function createProviderEvents(deps: MoneyDeps, refundWorker: RefundWorker) {
  const { db } = deps;

  /**
   * A payment, recorded once. A hosted provider's payment counts only for a
   * checkout session this site opened; the reservation is the session's own.
   */
  async function payment(provider: PaymentProvider, event: PaymentEvent) {
    const recorded = await inTransaction(db, async (tx) => {
      let paid = event;
      if (event.session) {
        const match = await matchSession(tx, provider.name, event);
        if (match.kind === 'foreign') return { outcome: 'ignored' as const, refundIds: [] };
        if (match.kind === 'paid_already') return { outcome: 'duplicate' as const, refundIds: [] };
        paid = { ...event, reservationId: match.reservationId };
        await setSessionStatus(tx, provider.name, event.session.id, 'paid', deps.now());
      }
      return recordCharge(tx, deps, provider, paid);
    });
    if (recorded.outcome !== 'not_accepted') return recorded.outcome;
    return refundOutcome(await refundWorker.settle(recorded.refundIds));
  }

  /** A bank debit that did not go through: the member hears of it and may pay again. */
  async function paymentFailed(provider: PaymentProvider, sessionId: string) {
    return inTransaction(db, async (tx): Promise<WebhookOutcome> => {
      const session = await setSessionStatus(tx, provider.name, sessionId, 'failed', deps.now());
      if (!session) return 'ignored';
      const row = await lockReservation(tx, session.reservationId);
      if (!row) return 'payment_failed';
      await recordAccountEvent(tx, {
        accountId: row.account?.id ?? null,
        userId: row.r.userId,
        kind: 'payment_failed',
        summary: `A bank payment for ${row.r.eventName} did not go through; nothing was charged.`,
        reservationId: row.r.id,
      });
      const to = churchAddress(row);
      if (to)
        await deps.outbox.enqueue(tx, {
          kind: 'payment_failed',
          to,
          ...paymentFailedMail(siteNow(deps), row.r),
          dedupeKey: `payment_failed:${provider.name}:${sessionId}`,
        });
      return 'payment_failed';
    });
  }

  /**
   * This site's refund the event speaks of: by its reference, else by the id in
   * its metadata for a refund of the charge the event names. Two sites on one
   * provider account both number their refunds from 1: an id alone may be the
   * other site's.
   */
  async function findRefund(tx: Db, provider: PaymentProvider, e: RefundEvent) {
    const byReference = eq(refunds.providerReference, e.reference);
    const byId =
      e.refundId === undefined
        ? undefined
        : and(eq(refunds.id, e.refundId), eq(ledgerEntries.reference, e.chargeReference));
    const [found] = await tx
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, refunds.chargeId))
      .where(and(eq(refunds.provider, provider.name), byId ? or(byReference, byId) : byReference));
    return found?.refund;
  }

  /**
   * A refund made at the provider but not by this site (by hand in its
   * dashboard): money went back, so it gets its refund, ledger entry and credit
   * note like any other. Only for a charge this site recorded.
   */
  async function outsideRefund(provider: PaymentProvider, e: RefundEvent): Promise<number | null> {
    return inTransaction(db, async (tx) => {
      if (await findByEvent(tx, provider.name, `refund:${e.reference}`)) return null;
      const [charge] = await tx
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.provider, provider.name),
            eq(ledgerEntries.kind, 'charge'),
            eq(ledgerEntries.reference, e.chargeReference),
          ),
        )
        .orderBy(ledgerEntries.id)
        .limit(1);
      if (!charge) return null;
      const [row] = await tx
        .insert(refunds)
        .values({
          chargeId: charge.id,
          reservationId: charge.reservationId,
          accountId: charge.accountId,
          amountCents: e.amountCents,
          currency: charge.currency,
          provider: provider.name,
          cause: `outside:${e.reference}`,
          idempotencyKey: `outside:${provider.name}:${e.reference}`,
          reason: 'Refunded at the payment provider, outside this site.',
          providerReference: e.reference,
        })
        .onConflictDoNothing()
        .returning({ id: refunds.id });
      return row?.id ?? null;
    });
  }

  async function refund(provider: PaymentProvider, e: RefundEvent): Promise<WebhookOutcome> {
    const row = await inTransaction(db, (tx) => findRefund(tx, provider, e));
    if (!row) {
      if (e.status !== 'succeeded') return 'ignored';
      const id = await outsideRefund(provider, e);
      if (id === null) return 'ignored';
      await completeRefund(deps, id, e.reference);
      return 'refunded';
    }
    if (e.status === 'succeeded') {
      await completeRefund(deps, row.id, e.reference);
      return 'refunded';
    }
    if (e.status === 'failed') {
      const why = `The payment provider gave up on refund ${e.reference}.`;
      if (row.status === 'succeeded') await reverseRefund(deps, row.id, why);
      else await failRefund(deps, row.id, why);
      return 'refund_failed';
    }
    return 'refund_pending';
  }

  return {
    async handle(provider: PaymentProvider, event: ProviderEvent): Promise<WebhookOutcome> {
      switch (event.type) {
        case 'payment':
          return payment(provider, event);
        case 'payment_pending': {
          const session = await setSessionStatus(
            db,
            provider.name,
            event.sessionId,
            'processing',
            deps.now(),
          );
          return session ? 'payment_pending' : 'ignored';
        }
        case 'payment_failed':
          return paymentFailed(provider, event.sessionId);
        case 'refund':
          return refund(provider, event);
        case 'charge_refunded': {
          // The event names only the charge: each of its refunds is looked at.
          const found = await provider.refundsOfCharge(event.chargeReference);
          const outcomes: WebhookOutcome[] = [];
          for (const r of found)
            outcomes.push(
              await refund(provider, {
                type: 'refund',
                eventId: event.eventId,
                chargeReference: event.chargeReference,
                currency: deps.currency,
                ...r,
              }),
            );
          return outcomes.includes('refunded') ? 'refunded' : (outcomes[0] ?? 'ignored');
        }
      }
    },
  };
}

export type ProviderEvents = ReturnType<typeof createProviderEvents>;
