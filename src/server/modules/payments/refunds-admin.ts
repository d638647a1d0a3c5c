import { and, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { isHolding } from '../../../shared/reservations.js';
import type { RefundInfo, RefundsQuery } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/open.js';
import { accounts, ledgerEntries, refunds, reservations } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import { lockReservationRow, netPaidCentsColumn } from './paid.js';
import type { RefundWorker } from './refund-worker.js';
import type { RefundRow } from './refunds.js';

/**
 * What a failed refund may still give back (docs/money.md, "Paid and owed"):
 * no more than its charge still holds; for a stay, no more than the refunds
 * decided since it failed left over (those were reckoned with its money still
 * paid), nor than the stay has paid (for a stay that still holds its days,
 * than it paid beyond its price). A refused payment is owed back whole.
 */
async function stillOwedOf(tx: Db, row: RefundRow): Promise<number> {
  const [charge] = await tx
    .select({ amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, row.chargeId))
    .for('update');
  const [onCharge] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(
      and(eq(refunds.chargeId, row.chargeId), ne(refunds.id, row.id), ne(refunds.status, 'failed')),
    );
  const room = Math.min(row.amountCents, charge!.amountCents - onCharge!.n);
  if (row.cause === 'not_accepted' || row.reservationId === null) return room;
  const failedAt = row.completedAt ?? row.createdAt;
  const [since] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.reservationId, row.reservationId),
        ne(refunds.id, row.id),
        ne(refunds.status, 'failed'),
        gt(refunds.createdAt, failedAt),
      ),
    );
  const [stay] = await tx
    .select({
      status: reservations.status,
      priceCents: reservations.priceCents,
      net: netPaidCentsColumn,
    })
    .from(reservations)
    .where(eq(reservations.id, row.reservationId));
  let owed = Math.min(room, row.amountCents - since!.n);
  if (stay) {
    const { net } = stay;
    owed = Math.min(owed, isHolding(stay.status) ? net - (stay.priceCents ?? 0) : net);
  }
  return Math.max(owed, 0);
}

const STATUSES: Record<NonNullable<RefundsQuery['status']>, RefundInfo['status'][]> = {
  open: ['pending', 'processing'],
  failed: ['failed'],
  succeeded: ['succeeded'],
};

/** The staff's view of the refunds (docs/money.md, "Refunds"): what waits, what failed, retry. */
export function createRefundsAdmin(deps: { db: Db; refundWorker: RefundWorker }) {
  const { db } = deps;
  return {
    async list(q: RefundsQuery): Promise<{ refunds: RefundInfo[]; total: number }> {
      const where: SQL | undefined = q.status
        ? inArray(refunds.status, STATUSES[q.status])
        : undefined;
      const query = db
        .select({
          r: refunds,
          accountName: accounts.accountName,
          eventName: ledgerEntries.eventName,
          firstDay: ledgerEntries.firstDay,
          reservationExists: sql<boolean>`${reservations.id} is not null`,
        })
        .from(refunds)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, refunds.chargeId))
        .leftJoin(accounts, eq(accounts.id, refunds.accountId))
        .leftJoin(reservations, eq(reservations.id, refunds.reservationId))
        .where(where)
        .orderBy(desc(refunds.createdAt), desc(refunds.id));
      const rows =
        q.limit !== undefined ? await query.limit(q.limit).offset(q.offset ?? 0) : await query;
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .where(where);
      return {
        total: count!.n,
        refunds: rows.map(({ r, ...o }) => ({
          id: r.id,
          status: r.status,
          amountCents: r.amountCents,
          currency: r.currency,
          provider: r.provider,
          reason: r.reason,
          lastError: r.lastError,
          attempts: r.attempts,
          reservationId: r.reservationId,
          reservationExists: Boolean(o.reservationExists),
          eventName: o.eventName,
          firstDay: o.firstDay,
          accountId: r.accountId,
          accountName: o.accountName,
          createdAt: r.createdAt.toISOString(),
          completedAt: r.completedAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * Asks the provider again for a failed refund (after its setup was fixed),
     * with a new idempotency key: the provider keeps its answer to the old one.
     */
    async retry(id: number) {
      await inTransaction(db, async (tx) => {
        // The stay first, then the refund: the order every refund takes (refund-completion.ts).
        const [of] = await tx
          .select({ reservationId: refunds.reservationId })
          .from(refunds)
          .where(eq(refunds.id, id));
        if (of?.reservationId != null) await lockReservationRow(tx, of.reservationId);
        const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
        if (!row) throw notFound('Refund not found.');
        if (row.status !== 'failed') {
          throw conflict(
            `Only a failed refund can be tried again; this one is ${row.status}.`,
            'transition_not_allowed',
          );
        }
        const amountCents = await stillOwedOf(tx, row);
        if (amountCents <= 0) {
          throw conflict(
            'This money has been given back another way since; nothing is still owed to try again.',
            'refund_too_large',
          );
        }
        await tx
          .update(refunds)
          .set({
            status: 'pending',
            amountCents,
            attempts: 0,
            lastError: null,
            completedAt: null,
            claimedUntil: null,
            nextAttemptAt: new Date(),
            idempotencyKey: `${row.idempotencyKey.replace(/-again-\d+$/, '')}-again-${Date.now()}`,
          })
          .where(eq(refunds.id, id));
      });
      await deps.refundWorker.settle([id]);
    },
  };
}

export type RefundsAdmin = ReturnType<typeof createRefundsAdmin>;
