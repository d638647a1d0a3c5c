// The scheduler tests' setup: the app on a clock the test moves, a scheduler
// over its database, members and reservations, and the mails it queues.
import { beforeEach } from 'vitest';
import { addDays, todayIn } from '../../shared/dates.js';
import { loadArrivalContent } from '../arrival-content.js';
import { mailOutbox, reservations } from '../db/schema.js';
import { churchOf, createAccount, createUser, useTestApp } from '../testing/harness.js';
import { createScheduler, type SchedulerDeps } from './scheduler.js';

/** 10:00 in the house (America/Chicago, the default FACILITY_TIMEZONE) on 10 June 2030. */
export const START = new Date('2030-06-10T15:00:00.000Z');

export const HOUR = 3_600_000;
const site = { houseName: () => 'Cedar Creek Retreat House', publicUrl: 'http://site.test' };
export const arrival = loadArrivalContent();

/**
 * The test file's clock: the file keeps it (its tests set it), reads it by
 * `now` and sets it by `set`; it is back at START before each test.
 */
export interface TestClock {
  now: () => Date;
  set: (next: Date) => void;
}

/**
 * One database and one app per test file (see `useTestApp`) on the file's
 * clock, and the helpers over them. Call at the top of a test file.
 */
export function useSchedulerTestApp(clock: TestClock) {
  const t = useTestApp({}, { now: clock.now });

  beforeEach(() => {
    clock.set(START);
  });

  /** A scheduler over the test's database (or another connection to it) with the test's clock. */
  function scheduler(over: Partial<SchedulerDeps> = {}) {
    return createScheduler({
      db: t.db,
      outbox: t.app.mail.outbox,
      logger: t.app.log,
      now: clock.now,
      intervalSeconds: t.config.schedulerIntervalSeconds,
      pendingReminderHours: t.config.pendingReminderHours,
      paymentReminderDays: t.config.paymentReminderDays,
      stayReminderDays: t.config.stayReminderDays,
      checklistReminderDays: t.config.checklistReminderDays,
      checklists: t.app.stays.checklists,
      timeZone: t.config.facilityTimezone,
      site,
      arrival: () => arrival,
      ...over,
    });
  }

  /** The house's today, `n` days on. */
  const day = (n: number) => addDays(todayIn(t.config.facilityTimezone, clock.now()), n);
  const advanceDays = (n: number) => clock.set(new Date(clock.now().getTime() + n * 24 * HOUR));

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
        accountId: churchOf(userId),
        firstDay: r.firstDay,
        lastDay: addDays(r.firstDay, (r.days ?? 3) - 1),
        eventName: r.eventName ?? 'Spring retreat',
        eventDescription: 'Youth group weekend',
        status: r.status ?? 'pending',
        paymentStatus: r.paymentStatus ?? 'unpaid',
        priceCents: r.priceCents === undefined ? 45_000 : r.priceCents,
        currency: 'USD',
        createdAt: r.createdAt ?? new Date(clock.now().getTime() - 24 * HOUR),
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

  return { t, scheduler, day, advanceDays, member, reservation, outboxRows, deliver };
}
