import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../shared/pricing.js';
import { creditNoteDescription } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { ledgerEntries } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { renderCreditNote } from '../../pdf/credit-note.js';
import { recordAccountEvent } from '../history/service.js';
import type { LockedReservation } from './charges.js';
import { appendEntry, entriesOf, type LedgerRow } from './ledger.js';
import { creditNoteMail } from '../../mail/templates.js';
import type { MoneyDeps } from './money-deps.js';

interface RefundOfCharge {
  /** The reservation with its church; undefined when it no longer exists. */
  row: LockedReservation | undefined;
  charge: LedgerRow;
  amountCents: number;
  reason: string;
  actorId: number | null;
}

async function refundedOf(tx: Db, chargeId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.chargeId, chargeId)));
  return row!.n;
}

/**
 * Gives back part or all of one charge through the provider, in the caller's
 * transaction: the provider's refund (idempotent: the key is the charge's event
 * and how much of it was refunded before), the ledger entry, a PDF credit note with the
 * church's documents, the account event, and the mail to the church.
 */
export async function refundCharge(tx: Db, deps: MoneyDeps, o: RefundOfCharge): Promise<void> {
  const before = await refundedOf(tx, o.charge.id);
  // Stable across retries, even of a transaction that inserted the charge itself.
  const idempotencyKey = `refund-${o.charge.provider}-${o.charge.eventId}-${before}-${o.amountCents}`;
  let reference: string;
  try {
    ({ reference } = await deps.provider.refund({
      chargeReference: o.charge.reference,
      amountCents: o.amountCents,
      currency: o.charge.currency,
      idempotencyKey,
      reservationId: o.charge.reservationId,
    }));
  } catch (err) {
    throw new AppError(
      502,
      'payment_provider_failed',
      'The payment provider did not accept the refund. Nothing was changed; please try again later.',
      { cause: err },
    );
  }
  const now = deps.now();
  const accountId = o.charge.accountId;
  const eventName = o.charge.eventName ?? 'a payment';
  const reservationId = o.charge.reservationId;
  const amount = formatMoney(o.amountCents, o.charge.currency);
  const pdf = await renderCreditNote({
    facilityName: deps.facilityName,
    accountName: o.row?.account?.accountName ?? o.row?.username ?? 'Unknown',
    reservationId: reservationId ?? 0,
    eventName,
    firstDay: o.charge.firstDay ?? '',
    lastDay: o.charge.lastDay ?? '',
    paidAmount: formatMoney(o.charge.amountCents, o.charge.currency),
    refundAmount: amount,
    reason: o.reason,
    refundReference: reference,
    provider: deps.provider.name,
    refundedAt: now,
  });
  const fileName = `credit-note-reservation-${reservationId ?? 'unknown'}-${o.charge.id}-${before}.pdf`;
  const documentId =
    accountId === null
      ? null
      : await deps.documents.create({
          tx,
          kind: 'credit_note',
          accountId,
          uploadedBy: null,
          fileName,
          description: creditNoteDescription(reservationId ?? 0, eventName),
          content: pdf,
          reservationId,
        });
  await appendEntry(tx, {
    reservationId,
    accountId,
    kind: 'refund',
    amountCents: o.amountCents,
    currency: o.charge.currency,
    provider: deps.provider.name,
    reference,
    eventId: idempotencyKey,
    chargeId: o.charge.id,
    documentId,
    eventName: o.charge.eventName,
    firstDay: o.charge.firstDay,
    lastDay: o.charge.lastDay,
    reason: o.reason,
    createdAt: now,
  });
  await recordAccountEvent(tx, {
    accountId,
    userId: o.actorId,
    kind: 'payment_refunded',
    summary: `Refund: ${amount} for ${eventName}${o.charge.firstDay ? ` (${o.charge.firstDay} to ${o.charge.lastDay})` : ''}`,
    reservationId,
    documentId,
  });
  const to = o.row ? (o.row.account?.primaryContactEmail ?? o.row.userEmail) : null;
  if (!to) return;
  await deps.outbox.enqueue(tx, {
    kind: 'credit_note',
    to,
    ...creditNoteMail(deps, eventName, amount, o.reason),
    attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
  });
}

/**
 * Refunds `amountCents` of what a reservation's charges still hold, oldest charge
 * first, in the caller's transaction (the reservation is locked by the caller).
 */
export async function refundReservation(
  tx: Db,
  deps: MoneyDeps,
  o: { row: LockedReservation; amountCents: number; reason: string; actorId: number | null },
): Promise<void> {
  let left = o.amountCents;
  const entries = await entriesOf(tx, o.row.r.id);
  for (const charge of entries.filter((e) => e.kind === 'charge')) {
    if (left <= 0) break;
    const refunded = entries
      .filter((e) => e.kind === 'refund' && e.chargeId === charge.id)
      .reduce((s, e) => s + e.amountCents, 0);
    const part = Math.min(left, charge.amountCents - refunded);
    if (part <= 0) continue;
    await refundCharge(tx, deps, {
      row: o.row,
      charge,
      amountCents: part,
      reason: o.reason,
      actorId: o.actorId,
    });
    left -= part;
  }
}
