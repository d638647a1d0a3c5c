// The scheduler's runs (docs/mail.md): one instance at a time under a lock,
// however many run over one database, started and stopped with the app.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open.js';
import { inTransaction } from '../db/transaction.js';
import { createUser, testDbKind } from '../testing/harness.js';
import { createOutbox } from '../mail/outbox.js';
import { SCHEDULER_LOCK_ID } from './scheduler.js';
import { HOUR, START, useSchedulerTestApp } from './scheduler.testing.js';

let clock = START;
const { t, scheduler, day, member, reservation, outboxRows, deliver } = useSchedulerTestApp({
  now: () => clock,
  set: (next) => (clock = next),
});

describe('runs', () => {
  async function everything() {
    await createUser(t.db, { username: 'admin', email: 'admin@house.test', role: 'Administrator' });
    const anna = await member('anna');
    await reservation(anna.id, {
      firstDay: day(20),
      createdAt: new Date(clock.getTime() - 72 * HOUR),
    });
    await reservation(anna.id, { firstDay: day(3), status: 'approved' });
  }

  it('two instances over one database running at the same moment queue each mail once', async () => {
    await everything();
    // On PostgreSQL the second instance has its own pool, as another process would.
    const other =
      testDbKind === 'postgres' ? await openDatabase({ databaseUrl: t.databaseUrl! }) : null;
    try {
      const a = scheduler();
      const b = scheduler({
        db: other?.db ?? t.db,
        outbox: createOutbox({ messageDomain: 'other.test' }),
      });
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all([a.runOnce(), b.runOnce()]);
        expect(results.some((r) => r.ran)).toBe(true);
        expect(results.reduce((n, r) => n + r.queued, 0)).toBe(round === 0 ? 3 : 0);
      }
    } finally {
      await other?.close();
    }
    const rows = await outboxRows();
    expect(rows.map((m) => m.kind).sort()).toEqual([
      'payment_reminder',
      'pending_digest',
      'stay_reminder',
    ]);
    expect(await deliver()).toHaveLength(3);
  });

  it('a run that finds the lock held elsewhere skips its turn and queues nothing', async () => {
    await everything();
    const s = scheduler();
    if (testDbKind === 'postgres') {
      // Another instance's run: a transaction on another connection holding the lock.
      const other = await openDatabase({ databaseUrl: t.databaseUrl! });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = inTransaction(other.db, async (tx: Db) => {
        await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SCHEDULER_LOCK_ID})`));
        locked();
        await released;
      });
      try {
        await isLocked;
        expect(await s.runOnce()).toEqual({ ran: false, queued: 0 });
        expect(await outboxRows()).toEqual([]);
      } finally {
        release();
        await holder;
        await other.close();
      }
    } else {
      // The embedded database has one connection: the turn is this process's run in progress.
      const first = s.runOnce();
      expect(await s.runOnce()).toEqual({ ran: false, queued: 0 });
      expect(await first).toEqual({ ran: true, queued: 3 });
    }
    // The lock is the transaction's: the next run gets it.
    expect((await s.runOnce()).ran).toBe(true);
    expect(await outboxRows()).toHaveLength(3);
  });

  it('start() runs soon and then on the interval; stop() waits for the run in progress', async () => {
    await everything();
    let runs = 0;
    const s = scheduler({
      intervalSeconds: 1,
      firstRunDelayMs: 10,
      now: () => {
        runs++;
        return clock;
      },
    });
    s.start();
    await waitFor(async () => (await outboxRows()).length === 3);
    await waitFor(async () => runs >= 2, 3000);
    await s.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(runs).toBe(after);
    expect(await outboxRows()).toHaveLength(3);

    // stop() resolves only once a run it interrupts has committed.
    const run = s.runOnce();
    let settled = false;
    void run.then(() => (settled = true));
    await s.stop();
    expect(settled).toBe(true);
  });
});

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
