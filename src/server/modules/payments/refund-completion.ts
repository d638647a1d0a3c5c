import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/pricing.js';
import type { Db } from '../../db/open.js';
import { ledgerEntries, refunds } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { adminAddresses } from '../../mail/recipients.js';
import { refundFailedMail, siteNow } from '../../mail/templates.js';
import { recordAccountEvent } from '../history/service.js';
import { appendEntry, findByEvent, type LedgerRow } from './ledger.js';
import { decisionCreditNote, mailCreditNote, partsOf, payingChurch } from './credit-notes.js';
import type { MoneyDeps } from './money-deps.js';
import { lockReservationRow } from './paid.js';
import type { RefundRow } from './refunds.js';

/** The refund and its stay, locked for the rest of the transaction, with the charge it gives back. */
async function lockRefund(tx: Db, id: number) {
  // The stay first, as every change of its money does: what it has paid is then read at one moment.
  const [of] = await tx
    .select({ reservationId: refunds.reservationId })
    .from(refunds)
    .where(eq(refunds.id, id));
  if (of?.reservationId != null) await lockReservationRow(tx, of.reservationId);
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  if (!refund) return undefined;
  const [charge] = await tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, refund.chargeId));
  return { refund, charge: charge! };
}

/**
 * A refund the provider confirmed, in one transaction: its ledger entry (once:
 * keyed by the provider's reference), a PDF credit note in the paying church's
 * documents, the account event and the church's mail. Nothing when already done.
 */
export async function completeRefund(deps: MoneyDeps, id: number, reference: string) {
  await inTransaction(deps.db, async (tx) => {
    const locked = await lockRefund(tx, id);
    if (!locked || locked.refund.status === 'succeeded') return;
    const { refund, charge } = locked;
    const now = deps.now();
    // Recorded already (a refund seen first in the provider's event): link it, nothing twice.
    const recorded = await findByEvent(tx, refund.provider, `refund:${reference}`);
    if (recorded) {
      await tx
        .update(refunds)
        .set({ status: 'succeeded', providerReference: reference, ledgerEntryId: recorded.id })
        .where(eq(refunds.id, id));
      return;
    }
    const amount = formatMoney(refund.amountCents, refund.currency);
    const eventName = charge.eventName ?? 'a payment';
    const reservationId = refund.reservationId;
    await tx
      .update(refunds)
      .set({
        status: 'succeeded',
        providerReference: reference,
        lastError: null,
        claimedUntil: null,
        completedAt: now,
      })
      .where(eq(refunds.id, id));
    // The decision's credit note, once none of its parts waits any more.
    const note = await decisionCreditNote(tx, deps, refund, now);
    const entry = await appendEntry(tx, {
      reservationId,
      accountId: refund.accountId,
      kind: 'refund',
      amountCents: refund.amountCents,
      currency: refund.currency,
      provider: refund.provider,
      reference,
      eventId: `refund:${reference}`,
      chargeId: charge.id,
      documentId: note?.documentId ?? null,
      eventName: charge.eventName,
      firstDay: charge.firstDay,
      lastDay: charge.lastDay,
      reason: refund.reason,
      createdAt: now,
    });
    await tx.update(refunds).set({ ledgerEntryId: entry.id }).where(eq(refunds.id, id));
    await recordAccountEvent(tx, {
      accountId: refund.accountId,
      userId: refund.requestedBy,
      kind: 'payment_refunded',
      summary: `Refund: ${amount} for ${eventName}${charge.firstDay ? ` (${charge.firstDay} to ${charge.lastDay})` : ''}`,
      reservationId,
      documentId: note?.documentId ?? null,
    });
    if (note) await mailCreditNote(tx, deps, refund, note);
  });
}

/** Tells the staff, by the account's history and a mail to every administrator with an address. */
async function alertStaff(
  tx: Db,
  deps: MoneyDeps,
  refund: RefundRow,
  charge: LedgerRow,
  why: string,
) {
  const amount = formatMoney(refund.amountCents, refund.currency);
  await recordAccountEvent(tx, {
    accountId: refund.accountId,
    kind: 'payment_refund_failed',
    summary: `A refund of ${amount} could not be made automatically: ${why} The house will settle it.`,
    reservationId: refund.reservationId,
  });
  const church = await payingChurch(tx, refund);
  const mail = refundFailedMail(siteNow(deps), {
    amount,
    church: church.name,
    reservationId: refund.reservationId,
    eventName: charge.eventName,
    provider: refund.provider,
    chargeReference: charge.reference,
    reason: refund.reason,
    error: why,
  });
  for (const to of await adminAddresses(tx))
    await deps.outbox.enqueue(tx, { kind: 'refund_failed', to, ...mail });
}

/** A refund the provider will not make: kept as failed, shown to the staff. */
export async function failRefund(deps: MoneyDeps, id: number, why: string) {
  await inTransaction(deps.db, async (tx) => {
    const locked = await lockRefund(tx, id);
    if (!locked || locked.refund.status === 'failed' || locked.refund.status === 'succeeded')
      return;
    await tx
      .update(refunds)
      .set({ status: 'failed', lastError: why, claimedUntil: null, completedAt: deps.now() })
      .where(eq(refunds.id, id));
    await alertStaff(tx, deps, locked.refund, locked.charge, why);
    // The other parts of its decision were made: their credit note goes now.
    const parts = await partsOf(tx, locked.refund);
    if (parts.length > 1) {
      const note = await decisionCreditNote(tx, deps, locked.refund, deps.now());
      if (note) await mailCreditNote(tx, deps, locked.refund, note);
    }
  });
}

/**
 * A refund that failed after the provider had confirmed it (the card's account
 * was closed): the money stayed with the house. The ledger keeps both lines: a
 * charge of the same amount says the money came back, and the staff are told.
 */
export async function reverseRefund(deps: MoneyDeps, id: number, why: string) {
  await inTransaction(deps.db, async (tx) => {
    const locked = await lockRefund(tx, id);
    if (!locked || locked.refund.status !== 'succeeded') return;
    const { refund, charge } = locked;
    await appendEntry(tx, {
      reservationId: refund.reservationId,
      accountId: refund.accountId,
      kind: 'charge',
      amountCents: refund.amountCents,
      currency: refund.currency,
      provider: refund.provider,
      reference: refund.providerReference ?? charge.reference,
      eventId: `refund-failed:${refund.providerReference}`,
      eventName: charge.eventName,
      firstDay: charge.firstDay,
      lastDay: charge.lastDay,
      reason: `The refund ${refund.providerReference} failed after it was made; the money came back to the house.`,
    });
    await tx
      .update(refunds)
      .set({ status: 'failed', lastError: why, completedAt: deps.now() })
      .where(eq(refunds.id, id));
    await alertStaff(tx, deps, refund, charge, why);
  });
}
