import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../shared/dates.js';
import { loadArrivalContent } from '../arrival-content.js';
import { openDatabase, type Db } from '../db/open.js';
import { mailOutbox, reservations, users } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import {
  createAccount,
  createUser,
  testConfig,
  testDbKind,
  useTestApp,
} from '../testing/harness.js';
import { createOutbox } from './outbox.js';
import { createScheduler, SCHEDULER_LOCK_ID, type SchedulerDeps } from './scheduler.js';

/** 10:00 in the house (America/Chicago, the default FACILITY_TIMEZONE) on 10 June 2030. */
const START = new Date('2030-06-10T15:00:00.000Z');
let clock = START;
const t = useTestApp({}, { now: () => clock });

const HOUR = 3_600_000;
const site = { facilityName: 'Cedar Creek Retreat House', publicUrl: 'http://site.test' };
const arrival = loadArrivalContent();

beforeEach(() => {
  clock = START;
});

/** A scheduler over the test's database (or another connection to it) with the test's clock. */
function scheduler(over: Partial<SchedulerDeps> = {}) {
  return createScheduler({
    db: t.db,
    outbox: t.app.mail.outbox,
    logger: t.app.log,
    now: () => clock,
    intervalSeconds: t.config.schedulerIntervalSeconds,
    pendingReminderHours: t.config.pendingReminderHours,
    paymentReminderDays: t.config.paymentReminderDays,
    stayReminderDays: t.config.stayReminderDays,
    timeZone: t.config.facilityTimezone,
    site,
    arrival,
    ...over,
  });
}

/** The house's today, `n` days on. */
const day = (n: number) => addDays(todayIn(t.config.facilityTimezone, clock), n);
const advanceDays = (n: number) => (clock = new Date(clock.getTime() + n * 24 * HOUR));

async function member(name: string, email: string | null = `${name}@example.org`) {
  const account = await createAccount(t.db, `Church ${name}`);
  return createUser(t.db, { username: name, email, accountId: account.id });
}

async function reservation(
  userId: number,
  r: {
    firstDay: string;
    days?: number;
    status?: 'pending' | 'approved' | 'rejected' | 'cancelled';
    paymentStatus?: 'unpaid' | 'paid';
    priceCents?: number | null;
    eventName?: string;
    createdAt?: Date;
  },
) {
  const [row] = await t.db
    .insert(reservations)
    .values({
      userId,
      firstDay: r.firstDay,
      lastDay: addDays(r.firstDay, (r.days ?? 3) - 1),
      eventName: r.eventName ?? 'Spring retreat',
      eventDescription: 'Youth group weekend',
      status: r.status ?? 'pending',
      paymentStatus: r.paymentStatus ?? 'unpaid',
      priceCents: r.priceCents === undefined ? 45_000 : r.priceCents,
      currency: 'USD',
      createdAt: r.createdAt ?? new Date(clock.getTime() - 24 * HOUR),
    })
    .returning();
  return row!;
}

const outboxRows = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id);

/** Sends what the outbox holds and returns the mails delivered by this call. */
async function deliver() {
  const before = t.mailer.sent.length;
  await t.app.mail.worker.drain();
  return t.mailer.sent.slice(before);
}

describe('payment reminder', () => {
  it('is sent once, on the first house-day of the window, with the amount and the payments link', async () => {
    const anna = await member('anna');
    const r = await reservation(anna.id, {
      firstDay: day(15),
      status: 'approved',
      eventName: 'Choir weekend',
    });
    const s = scheduler({ paymentReminderDays: 14, stayReminderDays: 7 });

    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await deliver()).toEqual([]);

    advanceDays(1); // 14 days before: the first day in the window
    expect(await s.runOnce()).toEqual({ ran: true, queued: 1 });
    const [mail, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: 'payment_reminder', to: 'anna@example.org' });
    expect(mail!.subject).toBe('Cedar Creek Retreat House: payment due for Choir weekend');
    expect(mail!.text).toContain('Hello anna,');
    expect(mail!.text).toContain('begins in 14 days');
    expect(mail!.text).toContain(`Dates: ${r.firstDay} to ${r.lastDay}`);
    expect(mail!.text).toContain('Amount due: $450.00');
    expect(mail!.text).toContain('http://site.test/account/payments');

    // Not again: the same run repeated, later that day, or on the next days.
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    clock = new Date(clock.getTime() + 5 * HOUR);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    advanceDays(1);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await deliver()).toEqual([]);
    const rows = await outboxRows();
    expect(rows.map((m) => [m.kind, m.dedupeKey])).toEqual([
      ['payment_reminder', `payment_reminder:${r.id}`],
    ]);
  });

  it('is sent for a pending request too, but not for a paid, free, rejected, cancelled or past stay', async () => {
    const anna = await member('anna');
    const pending = await reservation(anna.id, { firstDay: day(2), eventName: 'Pending' });
    await reservation(anna.id, {
      firstDay: day(6),
      status: 'approved',
      paymentStatus: 'paid',
      eventName: 'Paid',
    });
    await reservation(anna.id, { firstDay: day(10), status: 'approved', priceCents: 0 });
    await reservation(anna.id, { firstDay: day(2), status: 'rejected', eventName: 'Rejected' });
    await reservation(anna.id, { firstDay: day(3), status: 'cancelled', eventName: 'Cancelled' });
    await reservation(anna.id, { firstDay: day(-1), status: 'approved', eventName: 'Past' });

    await scheduler({ stayReminderDays: 0 }).runOnce();
    const rows = await outboxRows();
    expect(rows.map((m) => m.dedupeKey)).toEqual([`payment_reminder:${pending.id}`]);
  });

  it('is not sent to a member without an address', async () => {
    const bob = await member('bob', null);
    await reservation(bob.id, { firstDay: day(3), status: 'approved' });
    expect(await scheduler().runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await outboxRows()).toEqual([]);
  });

  it('is not sent to a member an administrator deactivated', async () => {
    const cleo = await member('cleo');
    await reservation(cleo.id, { firstDay: day(3), status: 'approved' });
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, cleo.id));
    expect(await scheduler().runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await outboxRows()).toEqual([]);
  });
});

describe('stay reminder', () => {
  it('brings the arrival information once, on the first day of the window and not before', async () => {
    const anna = await member('anna');
    const r = await reservation(anna.id, {
      firstDay: day(8),
      status: 'approved',
      paymentStatus: 'paid',
    });
    const s = scheduler({ stayReminderDays: 7 });
    expect((await s.runOnce()).queued).toBe(0);

    advanceDays(1);
    expect((await s.runOnce()).queued).toBe(1);
    const [mail, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: 'stay_reminder', to: 'anna@example.org' });
    expect(mail!.subject).toBe(`Cedar Creek Retreat House: your stay begins on ${r.firstDay}`);
    expect(mail!.text).toContain(`Dates: ${r.firstDay} to ${r.lastDay}`);
    expect(mail!.text).toContain(`Arrival: ${arrival.arrivalTime}`);
    expect(mail!.text).toContain(`Departure: ${arrival.departureTime}`);
    expect(mail!.text).toContain(`Keys: ${arrival.keys}`);
    for (const item of arrival.whatToBring) expect(mail!.text).toContain(`- ${item}`);
    expect(mail!.text).toContain('http://site.test/account/reservations');

    for (let i = 0; i < 8; i++) {
      expect((await s.runOnce()).queued).toBe(0);
      advanceDays(1);
    }
    expect(await deliver()).toEqual([]);
  });

  it('is only for approved stays: not pending, rejected, cancelled or past ones', async () => {
    const anna = await member('anna');
    const approved = await reservation(anna.id, { firstDay: day(0), status: 'approved' });
    await reservation(anna.id, { firstDay: day(3) });
    await reservation(anna.id, { firstDay: day(3), status: 'rejected' });
    await reservation(anna.id, { firstDay: day(5), status: 'cancelled' });
    await reservation(anna.id, { firstDay: day(-3), days: 2, status: 'approved' });

    await scheduler({ paymentReminderDays: 0 }).runOnce();
    const keys = (await outboxRows()).map((m) => m.dedupeKey);
    // The stay beginning today is still reminded; the pending one gets no stay reminder.
    expect(keys).toContain(`stay_reminder:${approved.id}`);
    expect(keys.filter((k) => k!.startsWith('stay_reminder:'))).toHaveLength(1);
    const mails = await deliver();
    expect(mails.find((m) => m.kind === 'stay_reminder')!.subject).toBe(
      'Cedar Creek Retreat House: your stay begins today',
    );
  });

  it("counts days in the house's time zone, not in UTC", async () => {
    // 22:00 on 9 June in Chicago is already 10 June in UTC.
    clock = new Date('2030-06-10T03:00:00.000Z');
    expect(day(0)).toBe('2030-06-09');
    const anna = await member('anna');
    const today = await reservation(anna.id, {
      firstDay: '2030-06-09',
      days: 1,
      status: 'approved',
      paymentStatus: 'paid',
    });
    const in7 = await reservation(anna.id, {
      firstDay: '2030-06-16',
      days: 1,
      status: 'approved',
      paymentStatus: 'paid',
    });
    await reservation(anna.id, {
      firstDay: '2030-06-17',
      days: 1,
      status: 'approved',
      paymentStatus: 'paid',
    });

    await scheduler({ stayReminderDays: 7 }).runOnce();
    expect((await outboxRows()).map((m) => m.dedupeKey).sort()).toEqual(
      [`stay_reminder:${today.id}`, `stay_reminder:${in7.id}`].sort(),
    );
  });
});

describe('pending digest', () => {
  async function staff() {
    await createUser(t.db, { username: 'admin', email: 'admin@house.test', role: 'Administrator' });
    await createUser(t.db, { username: 'clerk', email: 'clerk@house.test', role: 'Administrator' });
    await createUser(t.db, { username: 'noaddress', role: 'Administrator' });
    await createUser(t.db, {
      username: 'newadmin',
      email: 'new@house.test',
      role: 'Administrator',
      status: 'pending',
    });
  }

  it('goes to each active administrator with an address once a house-day, listing the requests waiting too long', async () => {
    await staff();
    const anna = await member('anna');
    const bob = await member('bob');
    const old = await reservation(anna.id, {
      firstDay: day(20),
      eventName: 'Elders retreat',
      createdAt: new Date(clock.getTime() - 49 * HOUR),
    });
    const recent = await reservation(bob.id, {
      firstDay: day(30),
      eventName: 'Youth weekend',
      createdAt: new Date(clock.getTime() - 47 * HOUR),
    });
    await reservation(bob.id, {
      firstDay: day(40),
      status: 'rejected',
      eventName: 'Rejected one',
      createdAt: new Date(clock.getTime() - 100 * HOUR),
    });
    await reservation(bob.id, {
      firstDay: day(50),
      status: 'cancelled',
      eventName: 'Cancelled one',
      createdAt: new Date(clock.getTime() - 100 * HOUR),
    });
    const s = scheduler({ pendingReminderHours: 48, paymentReminderDays: 0, stayReminderDays: 0 });

    expect(await s.runOnce()).toEqual({ ran: true, queued: 2 });
    const mails = await deliver();
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@house.test', 'clerk@house.test']);
    for (const mail of mails) {
      expect(mail.kind).toBe('pending_digest');
      expect(mail.subject).toBe(
        'Cedar Creek Retreat House: 1 reservation request waits for an answer',
      );
      expect(mail.text).toContain('for more than 2 days');
      expect(mail.text).toContain(
        `- ${old.firstDay} to ${old.lastDay}: Elders retreat, Church anna (anna)`,
      );
      expect(mail.text).not.toContain('Youth weekend');
      expect(mail.text).not.toContain('Rejected one');
      expect(mail.text).not.toContain('Cancelled one');
      expect(mail.text).toContain('http://site.test/admin/reservations');
    }
    expect((await outboxRows()).map((m) => m.dedupeKey).sort()).toEqual([
      `pending_digest:admin@house.test:${day(0)}`,
      `pending_digest:clerk@house.test:${day(0)}`,
    ]);

    // Later the same house-day the second request waits long enough too, but the digest was sent today.
    clock = new Date(clock.getTime() + 3 * HOUR);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });

    // The next house-day: again, with both requests, first day first.
    advanceDays(1);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 2 });
    const next = await deliver();
    expect(next).toHaveLength(2);
    expect(next[0]!.subject).toContain('2 reservation requests wait');
    const text = next[0]!.text;
    expect(text.indexOf('Elders retreat')).toBeGreaterThan(0);
    expect(text.indexOf('Youth weekend')).toBeGreaterThan(text.indexOf('Elders retreat'));
    expect(text).toContain(
      `${recent.firstDay} to ${recent.lastDay}: Youth weekend, Church bob (bob)`,
    );

    // Once nothing waits any more, no digest.
    await t.db.update(reservations).set({ status: 'approved' }).where(eq(reservations.id, old.id));
    await t.db
      .update(reservations)
      .set({ status: 'rejected' })
      .where(eq(reservations.id, recent.id));
    advanceDays(1);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
  });

  it('is not sent when no request has waited long enough, nor for a past request', async () => {
    await staff();
    const anna = await member('anna');
    await reservation(anna.id, { firstDay: day(20), createdAt: new Date(clock.getTime() - HOUR) });
    await reservation(anna.id, {
      firstDay: day(-2),
      days: 1,
      createdAt: new Date(clock.getTime() - 100 * HOUR),
    });
    const s = scheduler({ pendingReminderHours: 48, paymentReminderDays: 0, stayReminderDays: 0 });
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await outboxRows()).toEqual([]);
  });

  it('with PENDING_REMINDER_HOURS=0 lists every pending request, even one made this minute', async () => {
    const hours = testConfig({ PENDING_REMINDER_HOURS: '0' }).pendingReminderHours;
    expect(hours).toBe(0);
    await createUser(t.db, { username: 'admin', email: 'admin@house.test', role: 'Administrator' });
    const anna = await member('anna');
    await reservation(anna.id, { firstDay: day(20), eventName: 'Fresh', createdAt: clock });
    const s = scheduler({
      pendingReminderHours: hours,
      paymentReminderDays: 0,
      stayReminderDays: 0,
    });

    expect(await s.runOnce()).toEqual({ ran: true, queued: 1 });
    const [mail] = await deliver();
    expect(mail!.text).toContain('This reservation request has been waiting for an answer:');
    expect(mail!.text).toContain('Fresh');
    expect(mail!.text).not.toContain('for more than');
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
  });
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
