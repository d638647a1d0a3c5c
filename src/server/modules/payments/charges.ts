import { eq, sql } from 'drizzle-orm';
import { daysBetween } from '../../../shared/dates.js';
import { formatMoney } from '../../../shared/pricing.js';
import { isHolding } from '../../../shared/reservations.js';
import {
  PART_LABELS,
  depositPayable,
  owedCents,
  partOf,
  type OwedState,
  type PaymentPart,
} from '../../../shared/payment-parts.js';
import { receiptDescription } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { accounts, reservations, users } from '../../db/schema.js';
import { renderReceipt } from '../../pdf/receipt.js';
import type { PaymentEvent, PaymentProvider } from '../../payment-providers/provider.js';
import { recordAccountEvent } from '../history/service.js';
import { appendEntry, findByEvent } from './ledger.js';
import { paidOf } from './paid.js';
import { receiptMail, siteNow } from '../../mail/templates.js';
import type { MoneyDeps } from './money-deps.js';
import { recordRefund } from './refunds.js';

/**
 * A reservation with its member and its church (the one that requested it,
 * docs/stays.md "Whose stay"), locked for the rest of the transaction.
 */
export async function lockReservation(tx: Db, id: number) {
  const locked = (await tx.execute(
    sql`select id from reservations where id = ${id} for update`,
  )) as unknown as { rows: unknown[] };
  if (locked.rows.length === 0) return undefined;
  const [row] = await tx
    .select({
      r: reservations,
      username: users.username,
      userEmail: users.email,
      /** The member's church now, which may no longer be the stay's. */
      userAccountId: users.accountId,
      account: accounts,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(accounts, eq(accounts.id, reservations.accountId))
    .where(eq(reservations.id, id));
  return row;
}
export type LockedReservation = NonNullable<Awaited<ReturnType<typeof lockReservation>>>;

/**
 * Where a church's money mail goes: its primary contact, else the member who
 * asked while they still belong to the stay's church.
 */
export const churchAddress = (row: LockedReservation) =>
  row.account?.primaryContactEmail ??
  (row.userAccountId === row.r.accountId ? row.userEmail : null);

/** What a locked reservation owes, for the payment rules of src/shared/payment-parts.ts. */
export const owedStateOf = (row: LockedReservation, netCents: number): OwedState => ({
  holding: isHolding(row.r.status),
  priceCents: row.r.priceCents ?? 0,
  depositCents: row.r.depositCents,
  netCents,
});

/** What a confirmed payment pays (deposit, balance, all), or why it cannot pay this reservation. */
function paymentPart(
  row: LockedReservation | undefined,
  event: PaymentEvent,
  currency: string,
  netPaid: number,
): { part: PaymentPart; refusal: null } | { part: null; refusal: string } {
  const refused = (refusal: string) => ({ part: null, refusal });
  if (!row) return refused('The reservation no longer exists.');
  const { r } = row;
  if (!isHolding(r.status))
    return refused(`The reservation was ${r.status} before the payment arrived.`);
  const state = owedStateOf(row, netPaid);
  if (owedCents(state) <= 0) return refused('The reservation was already paid.');
  const part = event.currency.toUpperCase() === currency ? partOf(state, event.amountCents) : null;
  if (part) return { part, refusal: null };
  return refused(
    `The amount ${formatMoney(event.amountCents, event.currency.toUpperCase())} did not match what was owed, ${formatMoney(owedCents(state), currency)}${depositPayable(state) ? ` (or the deposit, ${formatMoney(state.depositCents, currency)})` : ''}.`,
  );
}

/** What became of a confirmed payment; `not_accepted`: recorded, and its refund recorded too. */
export type ChargeOutcome = 'paid' | 'not_accepted' | 'duplicate';

/**
 * A payment the provider confirmed, in the caller's transaction. Every one is a
 * ledger entry: it pays its reservation when that can still take money;
 * otherwise (cancelled, rejected, deleted, already paid, wrong amount) its
 * refund is recorded, to be made once this commits (`refundIds`). The same
 * event twice is recorded once.
 */
export async function recordCharge(
  tx: Db,
  deps: MoneyDeps,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<{ outcome: ChargeOutcome; refundIds: number[] }> {
  const { currency } = deps;
  const duplicate = { outcome: 'duplicate' as const, refundIds: [] };
  if (await findByEvent(tx, provider.name, event.eventId)) return duplicate;
  const row = await lockReservation(tx, event.reservationId);
  // A copy of this event delivered at the same time may have been recorded while we waited for the lock.
  if (row && (await findByEvent(tx, provider.name, event.eventId))) return duplicate;
  const net = row ? (await paidOf(tx, row.r.id)).netCents : 0;
  const { part, refusal } = paymentPart(row, event, currency, net);
  const receipt = part && row ? await issueReceipt(tx, deps, provider, row, event, part) : null;
  const charge = await appendEntry(tx, {
    reservationId: event.reservationId,
    accountId: row?.account?.id ?? null,
    kind: 'charge',
    amountCents: event.amountCents,
    currency: event.currency.toUpperCase(),
    provider: provider.name,
    reference: event.reference,
    eventId: event.eventId,
    documentId: receipt?.documentId ?? null,
    eventName: row?.r.eventName ?? null,
    firstDay: row?.r.firstDay ?? null,
    lastDay: row?.r.lastDay ?? null,
    reason: refusal,
  });
  if (refusal) {
    const id = await recordRefund(tx, charge, {
      amountCents: charge.amountCents,
      reason: refusal,
      actorId: null,
      cause: 'not_accepted',
    });
    return { outcome: 'not_accepted', refundIds: id === null ? [] : [id] };
  }
  const { r, account } = row!;
  // Paid once nothing is owed; a deposit leaves it unpaid, with the deposit in paidCents.
  const settled = owedCents(owedStateOf(row!, net + event.amountCents)) === 0;
  await tx
    .update(reservations)
    .set({ paymentStatus: settled ? 'paid' : 'unpaid', updatedAt: deps.now() })
    .where(eq(reservations.id, r.id));
  const amount = formatMoney(event.amountCents, currency);
  await recordAccountEvent(tx, {
    accountId: account?.id ?? null,
    userId: r.userId,
    kind: 'payment_received',
    summary: `${PART_LABELS[part!]} received: ${amount} for ${r.eventName} (${r.firstDay} to ${r.lastDay})`,
    reservationId: r.id,
  });
  const to = churchAddress(row!);
  if (to) {
    await deps.outbox.enqueue(tx, {
      kind: 'receipt',
      to,
      ...receiptMail(siteNow(deps), r, amount, PART_LABELS[part!]),
      attachments: receipt
        ? [{ filename: receipt.fileName, content: receipt.pdf, contentType: 'application/pdf' }]
        : [],
    });
  }
  return { outcome: 'paid', refundIds: [] };
}

/** The PDF receipt of a payment, kept as a record with the church's documents. */
async function issueReceipt(
  tx: Db,
  deps: MoneyDeps,
  provider: PaymentProvider,
  row: LockedReservation,
  event: PaymentEvent,
  part: PaymentPart,
) {
  const { r, account } = row;
  const dayCount = daysBetween(r.firstDay, r.lastDay) + 1;
  const perDay = (r.priceCents ?? 0) / dayCount;
  const pdf = await renderReceipt({
    facilityName: deps.houseName(),
    accountName: account?.accountName ?? row.username,
    reservationId: r.id,
    eventName: r.eventName,
    firstDay: r.firstDay,
    lastDay: r.lastDay,
    dayCount,
    dailyRate: r.priceTerms?.group
      ? null
      : Number.isInteger(perDay)
        ? formatMoney(perDay, deps.currency)
        : 'varies by season',
    amount: formatMoney(event.amountCents, deps.currency),
    part: PART_LABELS[part],
    priceAmount: formatMoney(r.priceCents ?? 0, deps.currency),
    paymentReference: event.reference,
    provider: provider.name,
    paidAt: deps.now(),
  });
  const fileName = `receipt-reservation-${r.id}.pdf`;
  if (!account) return { documentId: null, pdf, fileName };
  const documentId = await deps.documents.create({
    tx,
    kind: 'receipt',
    accountId: account.id,
    uploadedBy: null,
    fileName,
    description: receiptDescription(r.id, r.eventName),
    content: pdf,
    reservationId: r.id,
  });
  return { documentId, pdf, fileName };
}
