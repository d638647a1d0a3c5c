import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { refunds } from '../../db/schema.js';
import type { LockedReservation } from './charges.js';
import { entriesOf, type LedgerRow } from './ledger.js';

/**
 * Why money goes back, at most once per charge (docs/money.md, "Refunds"):
 * the reservation was cancelled or rejected, a payment could not be accepted,
 * or (later causes) a new final count. Two requests for the same cause make one
 * refund, whatever amount each asked for.
 */
export type RefundCause = 'cancellation' | 'not_accepted' | `final_count:${number}`;

export interface RefundOrder {
  /** The reservation with its church; undefined when it no longer exists. */
  row: LockedReservation | undefined;
  amountCents: number;
  reason: string;
  actorId: number | null;
  cause: RefundCause;
}

/** Money of a charge that no refund has taken or is taking (failed ones gave nothing back). */
async function refundableOf(tx: Db, charge: LedgerRow): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.chargeId, charge.id), ne(refunds.status, 'failed')));
  return charge.amountCents - row!.n;
}

/**
 * Records a refund of one charge in the caller's transaction; the provider is
 * asked only after it commits (the refund worker). Returns the refund's id, or
 * null when this charge already has a refund for this cause.
 */
export async function recordRefund(
  tx: Db,
  charge: LedgerRow,
  o: Omit<RefundOrder, 'row'>,
): Promise<number | null> {
  const amountCents = Math.min(o.amountCents, await refundableOf(tx, charge));
  if (amountCents <= 0) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      chargeId: charge.id,
      reservationId: charge.reservationId,
      // The church that paid, even if its member has moved to another since.
      accountId: charge.accountId,
      amountCents,
      currency: charge.currency,
      provider: charge.provider,
      cause: o.cause,
      // Random, so two sites on one provider account never share a key; kept for every retry.
      idempotencyKey: `refund-${charge.id}-${randomBytes(9).toString('base64url')}`,
      reason: o.reason,
      requestedBy: o.actorId,
    })
    .onConflictDoNothing({ target: [refunds.chargeId, refunds.cause] })
    .returning({ id: refunds.id });
  return row?.id ?? null;
}

/** The stay's payments (./paid.ts): its charges less those refused and a failed refund's reversal. */
async function acceptedCharges(tx: Db, reservationId: number): Promise<LedgerRow[]> {
  const charges = (await entriesOf(tx, reservationId)).filter(
    (e) => e.kind === 'charge' && !e.eventId.startsWith('refund-failed:'),
  );
  if (charges.length === 0) return [];
  const refusedIds = new Set(
    (
      await tx
        .select({ chargeId: refunds.chargeId })
        .from(refunds)
        .where(
          and(
            inArray(
              refunds.chargeId,
              charges.map((c) => c.id),
            ),
            eq(refunds.cause, 'not_accepted'),
          ),
        )
    ).map((r) => r.chargeId),
  );
  return charges.filter((c) => !refusedIds.has(c.id));
}

/**
 * Records the refund of `amountCents` of what a reservation's payments still
 * hold, latest payment first (a kept deposit's charge, the first one, stays
 * whole), in the caller's transaction (the reservation is locked by the
 * caller). One decision may take parts of several charges: they share its
 * cause, and its credit note lists them all. Returns the refunds recorded.
 */
export async function recordReservationRefund(tx: Db, o: RefundOrder): Promise<number[]> {
  if (!o.row) return [];
  let left = o.amountCents;
  const ids: number[] = [];
  for (const charge of (await acceptedCharges(tx, o.row.r.id)).reverse()) {
    if (left <= 0) break;
    const part = Math.min(left, await refundableOf(tx, charge));
    if (part <= 0) continue;
    const id = await recordRefund(tx, charge, { ...o, amountCents: part });
    if (id !== null) ids.push(id);
    left -= part;
  }
  return ids;
}

export type RefundRow = typeof refunds.$inferSelect;
