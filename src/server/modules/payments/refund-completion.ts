import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/pricing.js';
import { creditNoteDescription } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { accounts, ledgerEntries, refunds, reservations, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { adminAddresses } from '../../mail/recipients.js';
import { creditNoteMail, refundFailedMail, siteNow } from '../../mail/templates.js';
import { renderCreditNote } from '../../pdf/credit-note.js';
import { recordAccountEvent } from '../history/service.js';
import { appendEntry, findByEvent, type LedgerRow } from './ledger.js';
import type { MoneyDeps } from './money-deps.js';
import type { RefundRow } from './refunds.js';

/** The refund, locked for the rest of the transaction, with the charge it gives back. */
async function lockRefund(tx: Db, id: number) {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  if (!refund) return undefined;
  const [charge] = await tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, refund.chargeId));
  return { refund, charge: charge! };
}

/**
 * Who the credit note belongs to: the church that paid the charge, named as
 * that church, even when the member has moved to another church since. Its mail
 * goes to that church's contact, else to the member while they still belong to it.
 */
async function payingChurch(tx: Db, refund: RefundRow) {
  const [church] = refund.accountId
    ? await tx.select().from(accounts).where(eq(accounts.id, refund.accountId))
    : [];
  const [member] = refund.reservationId
    ? await tx
        .select({ username: users.username, email: users.email, accountId: users.accountId })
        .from(reservations)
        .innerJoin(users, eq(users.id, reservations.userId))
        .where(eq(reservations.id, refund.reservationId))
    : [];
  const memberOfIt = member && member.accountId === (church?.id ?? null);
  return {
    name: church?.accountName ?? member?.username ?? 'the payer',
    mailTo: church?.primaryContactEmail ?? (memberOfIt ? member.email : null) ?? null,
  };
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
    const church = await payingChurch(tx, refund);
    const site = siteNow(deps);
    const pdf = await renderCreditNote({
      facilityName: site.facilityName,
      accountName: church.name,
      reservationId: reservationId ?? 0,
      eventName,
      firstDay: charge.firstDay ?? '',
      lastDay: charge.lastDay ?? '',
      paidAmount: formatMoney(charge.amountCents, charge.currency),
      refundAmount: amount,
      reason: refund.reason,
      refundReference: reference,
      provider: refund.provider,
      refundedAt: now,
    });
    const fileName = `credit-note-reservation-${reservationId ?? 'unknown'}-${refund.id}.pdf`;
    const documentId =
      refund.accountId === null
        ? null
        : await deps.documents.create({
            tx,
            kind: 'credit_note',
            accountId: refund.accountId,
            uploadedBy: null,
            fileName,
            description: creditNoteDescription(reservationId ?? 0, eventName),
            content: pdf,
            reservationId,
          });
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
      documentId,
      eventName: charge.eventName,
      firstDay: charge.firstDay,
      lastDay: charge.lastDay,
      reason: refund.reason,
      createdAt: now,
    });
    await tx
      .update(refunds)
      .set({
        status: 'succeeded',
        providerReference: reference,
        ledgerEntryId: entry.id,
        lastError: null,
        claimedUntil: null,
        completedAt: now,
      })
      .where(eq(refunds.id, id));
    await recordAccountEvent(tx, {
      accountId: refund.accountId,
      userId: refund.requestedBy,
      kind: 'payment_refunded',
      summary: `Refund: ${amount} for ${eventName}${charge.firstDay ? ` (${charge.firstDay} to ${charge.lastDay})` : ''}`,
      reservationId,
      documentId,
    });
    if (!church.mailTo) return;
    await deps.outbox.enqueue(tx, {
      kind: 'credit_note',
      to: church.mailTo,
      ...creditNoteMail(site, eventName, amount, refund.reason),
      attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
    });
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
