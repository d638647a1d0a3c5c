import { and, asc, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { quoteStay } from '../../../shared/group-pricing.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { reservations } from '../../db/schema.js';

/**
 * Reservations requested before prices were kept have none: they get the price
 * of today's rules, once (docs/money.md); paid ones got what was paid in the
 * migration. A house may have a hundred thousand of them, so this is never
 * part of the start: after it, in the background, a batch at a time, each
 * batch one transaction that locks its rows (SKIP LOCKED, so that two instances
 * share the work rather than repeat it) and prices them in one UPDATE. Holding
 * reservations go first, since they are the ones a member pays. A stop lets
 * the batch in progress commit; the next start goes on with the rows still
 * unpriced. Until then the presenter shows the price a row will get.
 */

/** Rows a batch prices: each batch holds its rows' locks for one short transaction. */
export const PRICE_BATCH_SIZE = 500;

/**
 * Prices up to `size` unpriced reservations with ids above `afterId` (only
 * holding ones with `holding`), skipping rows another transaction has locked.
 * `lastId` is the highest id the batch read, null when it read none.
 */
export async function priceBatch(
  db: Db,
  pricing: PricingRules,
  o: { afterId: number; holding: boolean; size: number },
): Promise<{ priced: number; lastId: number | null }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: reservations.id,
        firstDay: reservations.firstDay,
        lastDay: reservations.lastDay,
      })
      .from(reservations)
      .where(
        and(
          isNull(reservations.priceCents),
          gt(reservations.id, o.afterId),
          o.holding ? inArray(reservations.status, ['pending', 'approved']) : undefined,
        ),
      )
      .orderBy(asc(reservations.id))
      .limit(o.size)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return { priced: 0, lastId: null };
    const values = sql.join(
      rows.map((r) => {
        const q = quoteStay(pricing, r.firstDay, r.lastDay);
        return sql`(${r.id}::int, ${q.totalCents}::int, ${q.currency}::text)`;
      }),
      sql`, `,
    );
    await tx.execute(sql`
      update reservations r set price_cents = v.price, currency = v.currency
      from (values ${values}) as v(id, price, currency)
      where r.id = v.id and r.price_cents is null`);
    return { priced: rows.length, lastId: rows[rows.length - 1]!.id };
  });
}

export interface PriceFiller {
  /** Prices every unpriced reservation in the background; returns at once. */
  start(): void;
  /** No further batch; resolves once the batch in progress has committed. */
  stop(): Promise<void>;
  /** start()'s work, awaited: resolves with how many rows this instance priced. */
  run(): Promise<number>;
}

export function createPriceFiller(deps: {
  db: Db;
  /** The rules as they are at each batch (docs/site-content.md). */
  pricing: () => PricingRules;
  logger: FastifyBaseLogger;
  batchSize?: number;
  /** How long after a failed run (the database away) the next one starts. */
  retryMs?: number;
}): PriceFiller {
  const size = deps.batchSize ?? PRICE_BATCH_SIZE;
  let stopped = false;
  let running: Promise<number> | null = null;
  let retry: NodeJS.Timeout | undefined;

  /** One walk up the ids; the rows skipped as locked are another walk's. */
  async function pass(holding: boolean) {
    let afterId = 0;
    let priced = 0;
    while (!stopped) {
      const batch = await priceBatch(deps.db, deps.pricing(), { afterId, holding, size });
      if (batch.lastId === null) break;
      priced += batch.priced;
      afterId = batch.lastId;
      // The embedded database answers without I/O, so a loop of batches would keep the
      // event loop from the requests: they get their turn between two batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return priced;
  }

  async function work() {
    let total = 0;
    // Again until a round finds nothing: a row locked by a request during a walk is priced by the next.
    for (;;) {
      const priced = (await pass(true)) + (await pass(false));
      total += priced;
      if (priced === 0 || stopped) return total;
    }
  }

  const run = () => (running ??= work().finally(() => (running = null)));

  const filler: PriceFiller = {
    start() {
      stopped = false;
      run().then(
        (priced) => {
          if (priced > 0)
            deps.logger.info({ priced }, 'priced the reservations of an earlier release');
        },
        (err: unknown) => {
          deps.logger.error({ err }, 'pricing reservations failed; trying again later');
          if (!stopped) retry = setTimeout(() => filler.start(), deps.retryMs ?? 30_000).unref();
        },
      );
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await running?.catch(() => undefined);
    },
    run,
  };
  return filler;
}
