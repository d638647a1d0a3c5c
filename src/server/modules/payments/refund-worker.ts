import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ledgerEntries, refunds } from '../../db/schema.js';
import { RefundRefusedError, type RefundResult } from '../../payment-providers/provider.js';
import { completeRefund, failRefund } from './refund-completion.js';
import type { RefundRow } from './refunds.js';
import type { MoneyDeps } from './money-deps.js';

export interface RefundWorkerOptions {
  deps: MoneyDeps;
  logger: FastifyBaseLogger;
  /** How often to look for due refunds (ms); 0: only when woken or drained (tests). */
  pollMs: number;
  /** The first retry after an unanswered call waits this long, each next one twice as long. */
  retryBaseMs: number;
  /** After this many calls the provider never answered, the refund is failed for the staff. */
  maxAttempts: number;
  /** How long a claimed refund stays with its worker before another may take it over. */
  leaseMs: number;
  /** How long to wait before asking again about a refund the provider has pending. */
  pendingCheckMs: number;
}

export type RefundOutcome = 'succeeded' | 'pending' | 'failed' | 'busy';

const backoffMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), 6 * 3_600_000);

/**
 * Makes the refunds the money code recorded (docs/money.md, "Refunds"). Each is
 * claimed with a lease, one at a time, so two instances never ask for it at
 * once; one left by a killed process is asked again after its lease, with the
 * same idempotency key, and the provider answers with the refund it made.
 */
export function createRefundWorker(o: RefundWorkerOptions) {
  const { deps } = o;
  const { db } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;

  /** Takes one due refund (or the one asked for), for the lease. */
  async function claim(id?: number): Promise<RefundRow | undefined> {
    const only = id === undefined ? sql`` : sql`and id = ${id}`;
    const result = (await db.execute(sql`
      update refunds set attempts = attempts + 1,
        claimed_until = now() + ${Math.round(o.leaseMs)}::int * interval '1 millisecond'
      where id = (
        select id from refunds
        where status in ('pending', 'processing') and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now()) ${only}
        order by id limit 1
        for update skip locked)
      returning id`)) as unknown as { rows: { id: number }[] };
    const claimed = result.rows[0];
    if (!claimed) return undefined;
    const [row] = await db.select().from(refunds).where(eq(refunds.id, claimed.id));
    return row;
  }

  /** The refund as this attempt claimed it: not taken over since. */
  const mine = (row: RefundRow) => and(eq(refunds.id, row.id), eq(refunds.attempts, row.attempts));

  async function ask(row: RefundRow): Promise<RefundResult> {
    const provider = deps.providers[row.provider as keyof MoneyDeps['providers']];
    if (!provider) {
      throw new RefundRefusedError(
        `The payment was taken through ${row.provider}, which this site is not set up for now; set it up again and retry, or settle the refund by hand.`,
      );
    }
    if (row.status === 'processing' && row.providerReference)
      return provider.refundStatus(row.providerReference);
    const [charge] = await db
      .select({ reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, row.chargeId));
    return provider.refund({
      chargeReference: charge!.reference,
      amountCents: row.amountCents,
      currency: row.currency,
      idempotencyKey: row.idempotencyKey,
      reservationId: row.reservationId,
      refundId: row.id,
    });
  }

  /**
   * Keeps the claim while the provider is asked: a call with its retries may
   * outlast the lease, and another instance must not ask again meanwhile. A
   * process that dies stops renewing, and the lease runs out.
   */
  function holdClaim(row: RefundRow): () => void {
    const timer = setInterval(
      () =>
        void db
          .execute(
            sql`update refunds set claimed_until = now() + ${Math.round(o.leaseMs)}::int * interval '1 millisecond'
              where id = ${row.id} and attempts = ${row.attempts} and status in ('pending', 'processing')`,
          )
          .catch((err: unknown) =>
            o.logger.warn({ refundId: row.id, err }, 'refund lease not renewed'),
          ),
      Math.max(Math.floor(o.leaseMs / 3), 50),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  async function askHolding(row: RefundRow): Promise<RefundResult> {
    const release = holdClaim(row);
    try {
      return await ask(row);
    } finally {
      release();
    }
  }

  async function processOne(row: RefundRow): Promise<RefundOutcome> {
    let result: RefundResult;
    try {
      result = await askHolding(row);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      if (err instanceof RefundRefusedError || row.attempts >= o.maxAttempts) {
        o.logger.warn({ refundId: row.id, err: message }, 'refund failed');
        await failRefund(deps, row.id, message);
        return 'failed';
      }
      o.logger.warn({ refundId: row.id, err: message }, 'refund will be retried');
      await db
        .update(refunds)
        .set({
          lastError: message,
          claimedUntil: null,
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts, o.retryBaseMs)),
        })
        .where(mine(row));
      return 'pending';
    }
    if (result.status === 'succeeded') {
      await completeRefund(deps, row.id, result.reference);
      return 'succeeded';
    }
    if (result.status === 'failed') {
      await failRefund(deps, row.id, `The payment provider gave up on refund ${result.reference}.`);
      return 'failed';
    }
    // Accepted, not yet made: its event (or the next look) finishes it.
    await db
      .update(refunds)
      .set({
        status: 'processing',
        providerReference: result.reference,
        attempts: 0,
        claimedUntil: null,
        nextAttemptAt: new Date(Date.now() + o.pendingCheckMs),
      })
      .where(mine(row));
    return 'pending';
  }

  async function runOnce(): Promise<number> {
    let total = 0;
    for (let row = await claim(); row; row = await claim()) {
      await processOne(row);
      total += 1;
    }
    return total;
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await runOnce().catch((err: unknown) => {
          o.logger.error({ err }, 'refund run failed');
          return 0;
        });
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped || o.pollMs <= 0) return;
    timer = setTimeout(() => void drain().finally(schedule), o.pollMs);
    timer.unref();
  }

  return {
    drain,
    /**
     * Makes these refunds now, in the request that recorded them, so its answer
     * shows them; one another worker holds, or that cannot be made now, is left
     * to the worker.
     */
    async settle(ids: readonly number[]): Promise<RefundOutcome[]> {
      const outcomes: RefundOutcome[] = [];
      for (const id of ids) {
        const row = await claim(id);
        outcomes.push(row ? await processOne(row) : 'busy');
      }
      return outcomes;
    },
    wake() {
      if (!stopped) void drain();
    },
    start() {
      stopped = false;
      void drain().finally(schedule);
    },
    /** Stops polling and waits for the refund being made now, at most `waitMs`. */
    async stop(waitMs = 5_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!running) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => (timeout = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(timeout);
    },
  };
}

export type RefundWorker = ReturnType<typeof createRefundWorker>;
