import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { RefundInfo, RefundsQuery } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/open.js';
import { accounts, ledgerEntries, refunds, reservations } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import type { RefundWorker } from './refund-worker.js';

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
        const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
        if (!row) throw notFound('Refund not found.');
        if (row.status !== 'failed') {
          throw conflict(
            `Only a failed refund can be tried again; this one is ${row.status}.`,
            'transition_not_allowed',
          );
        }
        // Another refund may have given back this money since.
        const [charge] = await tx
          .select({ amountCents: ledgerEntries.amountCents })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.id, row.chargeId))
          .for('update');
        const [others] = await tx
          .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
          .from(refunds)
          .where(
            and(
              eq(refunds.chargeId, row.chargeId),
              ne(refunds.id, id),
              ne(refunds.status, 'failed'),
            ),
          );
        if (row.amountCents > charge!.amountCents - others!.n) {
          throw conflict(
            'This payment has been refunded another way since; nothing is left to try again.',
            'refund_too_large',
          );
        }
        await tx
          .update(refunds)
          .set({
            status: 'pending',
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
