import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { reservations } from '../../db/schema.js';

/**
 * The one rule for what a stay has paid (docs/money.md, "Paid and owed"):
 * the charges accepted for it, less every refund not failed, pending ones
 * included. A refused payment (one whose refund was recorded as
 * `not_accepted`) never counts, whatever became of its refund.
 * What is owed follows from it (`owedCents` in src/shared/payment-parts.ts).
 *
 * Written once, as columns of a reservation query: lists sum it per row, and
 * `paidOf` reads it for one stay in a single statement, so the ledger and the
 * refunds are seen at one moment. The table is named in full: a query without
 * a join prints its columns bare, and a bare "id" inside a subquery would be
 * the inner table's.
 */
const refused = (chargeId: SQL) =>
  sql`exists (select 1 from refunds n where n.charge_id = ${chargeId} and n.cause = 'not_accepted')`;

/** A charge that put back the money of a refused payment's refund that failed after it was made. */
const reversalOfRefused = sql`(l.event_id like 'refund-failed:%' and exists (
  select 1 from refunds f where f.provider = l.provider
    and f.provider_reference = substr(l.event_id, 15) and ${refused(sql`f.charge_id`)}))`;

/** Every charge on the stay's ledger, as the API has always shown it. */
export const paidCentsColumn = sql<number>`coalesce((
  select sum(l.amount_cents) from ledger_entries l
  where l.reservation_id = "reservations"."id" and l.kind = 'charge'), 0)::int`;

/**
 * Refunds made of accepted payments (the ledger's), and the whole of every
 * refused payment, whatever became of its refund: `paidCents −
 * refundedCents` never counts a refused payment.
 */
export const refundedCentsColumn = sql<number>`(coalesce((
  select sum(l.amount_cents) from ledger_entries l
  where l.reservation_id = "reservations"."id" and l.kind = 'refund'
    and (l.charge_id is null or not ${refused(sql`l.charge_id`)})), 0)
  + coalesce((
  select sum(l.amount_cents) from ledger_entries l
  where l.reservation_id = "reservations"."id" and l.kind = 'charge'
    and (${refused(sql`l.id`)} or ${reversalOfRefused})), 0))::int`;

/** Refunds of accepted payments recorded and not yet made (pending or processing). */
export const pendingRefundCentsColumn = sql<number>`coalesce((
  select sum(f.amount_cents) from refunds f
  where f.reservation_id = "reservations"."id" and f.status in ('pending', 'processing')
    and not ${refused(sql`f.charge_id`)}), 0)::int`;

/** The rule's one figure: what the stay has paid. */
export const netPaidCentsColumn = sql<number>`(${paidCentsColumn} - ${refundedCentsColumn} - ${pendingRefundCentsColumn})`;

export interface Paid {
  /** The ledger's charges. */
  paidCents: number;
  /** Refunds made, and refused payments whole. */
  refundedCents: number;
  /** What the stay has paid: the rule's one figure (pending refunds already taken off). */
  netCents: number;
}

/** What one stay has paid, read at one moment (the caller holds its lock when it acts on it). */
export async function paidOf(tx: Db, reservationId: number): Promise<Paid> {
  const [row] = await tx
    .select({ paid: paidCentsColumn, refunded: refundedCentsColumn, net: netPaidCentsColumn })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  return { paidCents: row?.paid ?? 0, refundedCents: row?.refunded ?? 0, netCents: row?.net ?? 0 };
}

/** Locks a stay's row for the rest of the transaction (whoever changes its money takes it first). */
export async function lockReservationRow(tx: Db, reservationId: number): Promise<void> {
  await tx.execute(sql`select id from reservations where id = ${reservationId} for update`);
}
