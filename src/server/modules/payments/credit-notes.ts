import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney } from '../../../shared/pricing.js';
import { creditNoteDescription } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import {
  accounts,
  documents,
  ledgerEntries,
  refunds,
  reservations,
  users,
} from '../../db/schema.js';
import { creditNoteMail, siteNow } from '../../mail/templates.js';
import { renderCreditNote } from '../../pdf/credit-note.js';
import type { MoneyDeps } from './money-deps.js';
import type { RefundRow } from './refunds.js';

/**
 * Who the credit note belongs to: the church that paid the charge, named as
 * that church, even when the member has moved to another church since. Its mail
 * goes to that church's contact, else to the member while they still belong to it.
 */
export async function payingChurch(tx: Db, refund: RefundRow) {
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
 * A decision about the stay, which may take from several of its payments: a
 * cancellation or rejection, a final count. A refused payment's refund, or one
 * made at the provider by hand, is a decision of its own.
 */
const stayDecision = (cause: string) =>
  cause === 'cancellation' || cause.startsWith('final_count:');

/** The refunds one decision recorded: the same stay and cause, one per payment it took from. */
export async function partsOf(tx: Db, refund: RefundRow): Promise<RefundRow[]> {
  return tx
    .select()
    .from(refunds)
    .where(
      refund.reservationId === null || !stayDecision(refund.cause)
        ? eq(refunds.id, refund.id)
        : and(eq(refunds.reservationId, refund.reservationId), eq(refunds.cause, refund.cause)),
    )
    .orderBy(refunds.id);
}

interface IssuedNote {
  documentId: number | null;
  pdf: Buffer;
  fileName: string;
  amount: string;
  eventName: string;
}

/**
 * One credit note per refund decision (docs/money.md, "Refunds"): written when
 * the last of its parts is settled, listing the parts made. A part tried again
 * after that gets a note of its own. Null while a part still waits, or when
 * none was made.
 */
export async function decisionCreditNote(
  tx: Db,
  deps: MoneyDeps,
  refund: RefundRow,
  now: Date,
): Promise<IssuedNote | null> {
  const parts = await partsOf(tx, refund);
  if (parts.some((p) => p.status === 'pending' || p.status === 'processing')) return null;
  const first = parts[0]!;
  const reservationId = refund.reservationId;
  const decisionFile = `credit-note-reservation-${reservationId ?? 'unknown'}-${first.id}.pdf`;
  const [written] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.kind, 'credit_note'), eq(documents.fileName, decisionFile)));
  const made = parts.filter(
    (p) =>
      p.status === 'succeeded' && p.providerReference !== null && (!written || p.id === refund.id),
  );
  if (made.length === 0) return null;
  const fileName = written
    ? `credit-note-reservation-${reservationId ?? 'unknown'}-${first.id}-again-${refund.id}.pdf`
    : decisionFile;
  const charges = await tx
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.id,
        made.map((p) => p.chargeId),
      ),
    );
  const chargeOf = (p: RefundRow) => charges.find((c) => c.id === p.chargeId)!;
  const charge = chargeOf(made[0]!);
  const total = made.reduce((sum, p) => sum + p.amountCents, 0);
  const money = (cents: number) => formatMoney(cents, refund.currency);
  const amount = money(total);
  const eventName = charge.eventName ?? 'a payment';
  const church = await payingChurch(tx, refund);
  const site = siteNow(deps);
  const pdf = await renderCreditNote({
    facilityName: site.facilityName,
    accountName: church.name,
    reservationId: reservationId ?? 0,
    eventName,
    firstDay: charge.firstDay ?? '',
    lastDay: charge.lastDay ?? '',
    paidAmount: money(chargeOf(made[0]!).amountCents),
    refundAmount: amount,
    reason: refund.reason,
    refundReference: made.map((p) => p.providerReference).join(', '),
    provider: refund.provider,
    refundedAt: now,
    parts: made.map((p) => ({
      paidAmount: money(chargeOf(p).amountCents),
      refundAmount: money(p.amountCents),
      refundReference: p.providerReference ?? '',
    })),
  });
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
  return { documentId, pdf, fileName, amount, eventName };
}

/** The credit note to the church that paid (its contact, else the member while they belong to it). */
export async function mailCreditNote(tx: Db, deps: MoneyDeps, refund: RefundRow, note: IssuedNote) {
  const church = await payingChurch(tx, refund);
  if (!church.mailTo) return;
  await deps.outbox.enqueue(tx, {
    kind: 'credit_note',
    to: church.mailTo,
    ...creditNoteMail(siteNow(deps), note.eventName, note.amount, refund.reason),
    attachments: [{ filename: note.fileName, content: note.pdf, contentType: 'application/pdf' }],
  });
}
