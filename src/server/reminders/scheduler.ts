import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { accounts, mailOutbox, reservations, users } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { addDays, daysBetween, todayIn } from '../../shared/dates.js';
import type { MailMessage } from '../mail/mailer.js';
import type { Outbox } from '../mail/outbox.js';
import { adminAddresses } from '../mail/recipients.js';
import {
  paymentReminderMail,
  pendingDigestMail,
  type OverdueStay,
  stayReminderMail,
  type ArrivalInfo,
} from './reminder-templates.js';
import { siteNow, type LiveSite, type Site } from '../mail/templates.js';
import type { Checklists } from '../modules/stays/checklist.js';
import { checklistMails } from './checklist-mails.js';

/**
 * The reminders (docs/mail.md): a daily digest of the requests waiting for an
 * answer to every administrator, a payment reminder before an unpaid stay and
 * the arrival information before an approved one.
 *
 * Every instance runs a timer, but one run happens at a time across all of
 * them: a run is one transaction that first takes a transaction-scoped advisory
 * lock, and an instance that does not get it skips its turn. Each mail has a
 * dedupe key, so a repeated run (another instance's, the next tick's, one after
 * a crash) never queues it twice; the mails of a run are queued in its
 * transaction, so they all exist or none does.
 */

/** Any number that identifies the reminder run among other advisory locks (db/open.ts has the migrations'). */
export const SCHEDULER_LOCK_ID = 7_413_260_002;

/** setTimeout's longest delay; a longer interval would fire at once. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface SchedulerDeps {
  db: Db;
  outbox: Outbox;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** SCHEDULER_INTERVAL_SECONDS: how often each instance looks (at least 1). */
  intervalSeconds: number;
  /** PENDING_REMINDER_HOURS: a request waiting longer is in the digest; 0: every pending request. */
  pendingReminderHours: number;
  /** PAYMENT_REMINDER_DAYS: an unpaid stay beginning within this many days gets its reminder. */
  paymentReminderDays: number;
  /** STAY_REMINDER_DAYS: an approved stay beginning within this many days gets the arrival information. */
  stayReminderDays: number;
  /** CHECKLIST_REMINDER_DAYS: an open checklist item is reminded from this many days before its due day. */
  checklistReminderDays: number;
  /** The stays' checklists (docs/stays.md). */
  checklists: Checklists;
  /** FACILITY_TIMEZONE: the house's today. */
  timeZone: string;
  /** The house's name and arrival information, read at each run (docs/site-content.md). */
  site: LiveSite;
  arrival: () => ArrivalInfo;
  /** How long after start() the first run comes (ms); default 1000. */
  firstRunDelayMs?: number;
}

export interface RunResult {
  /** False when another run (this instance's or another's) held the lock. */
  ran: boolean;
  /** How many mails this run queued. */
  queued: number;
}

export interface Scheduler {
  /** Runs soon, then every interval, until stop(). */
  start(): void;
  /** No more runs; resolves when the run in progress has finished. */
  stop(): Promise<void>;
  /** One run now. */
  runOnce(): Promise<RunResult>;
}

type Tx = Db;

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const { db, outbox, logger } = deps;
  const intervalMs = Math.min(Math.max(deps.intervalSeconds, 1) * 1000, MAX_DELAY_MS);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RunResult> | null = null;
  let stopped = true;

  /** Only the candidates whose key has never been queued: no mail is built twice, no id is spent on a conflict. */
  async function unsent<T extends { key: string }>(tx: Tx, candidates: T[]): Promise<T[]> {
    if (candidates.length === 0) return [];
    const seen = await tx
      .select({ key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.dedupeKey,
          candidates.map((c) => c.key),
        ),
      );
    const keys = new Set(seen.map((r) => r.key));
    return candidates.filter((c) => !keys.has(c.key));
  }

  async function enqueueAll(tx: Tx, mails: (Omit<MailMessage, 'dedupeKey'> & { key: string })[]) {
    let queued = 0;
    for (const { key, ...mail } of mails) {
      if (await outbox.enqueue(tx, { ...mail, dedupeKey: key })) queued++;
    }
    return queued;
  }

  /** One digest per administrator address and house-day, when a request waits long enough. */
  async function pendingDigests(
    tx: Tx,
    site: Site,
    now: Date,
    today: string,
    overdue: OverdueStay[],
  ): Promise<number> {
    const hours = deps.pendingReminderHours;
    const cutoff = new Date(now.getTime() - hours * 3_600_000);
    const pending = await tx
      .select({
        eventName: reservations.eventName,
        firstDay: reservations.firstDay,
        lastDay: reservations.lastDay,
        createdAt: reservations.createdAt,
        username: users.username,
        church: accounts.accountName,
      })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .leftJoin(accounts, eq(accounts.id, reservations.accountId))
      .where(
        and(
          eq(reservations.status, 'pending'),
          gte(reservations.firstDay, today),
          hours > 0 ? lte(reservations.createdAt, cutoff) : undefined,
        ),
      )
      .orderBy(reservations.firstDay, reservations.id);
    if (pending.length === 0 && overdue.length === 0) return 0;

    const addresses = [...new Set((await adminAddresses(tx)).map((a) => a.trim()))];
    const candidates = await unsent(
      tx,
      addresses.map((to) => ({ to, key: `pending_digest:${to.toLowerCase()}:${today}` })),
    );
    if (candidates.length === 0) return 0;
    const mail = pendingDigestMail(
      site,
      pending.map((r) => ({ ...r, requestedOn: todayIn(deps.timeZone, r.createdAt) })),
      hours,
      overdue,
    );
    return enqueueAll(
      tx,
      candidates.map(({ to, key }) => ({ kind: 'pending_digest', to, key, ...mail })),
    );
  }

  /** The payment and stay reminders of the reservations beginning soon, each once. */
  async function memberReminders(tx: Tx, site: Site, today: string): Promise<number> {
    const horizon = Math.max(deps.paymentReminderDays, deps.stayReminderDays);
    const rows = await tx
      .select({
        id: reservations.id,
        status: reservations.status,
        paymentStatus: reservations.paymentStatus,
        eventName: reservations.eventName,
        firstDay: reservations.firstDay,
        lastDay: reservations.lastDay,
        priceCents: reservations.priceCents,
        currency: reservations.currency,
        username: users.username,
        email: users.email,
      })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .where(
        and(
          inArray(reservations.status, ['pending', 'approved']),
          gte(reservations.firstDay, today),
          lte(reservations.firstDay, addDays(today, horizon)),
          isNotNull(users.email),
          // A deactivated member is told nothing more; their church's staff see the stay.
          eq(users.status, 'active'),
          // Nor is a member who has moved to another church: the stay stays with the
          // church that requested it (docs/stays.md, "Whose stay").
          sql`${reservations.accountId} is not distinct from ${users.accountId}`,
        ),
      )
      .orderBy(reservations.firstDay, reservations.id);

    const candidates: (Omit<MailMessage, 'dedupeKey'> & { key: string })[] = [];
    const arrival = deps.arrival();
    for (const r of rows) {
      const to = r.email?.trim();
      if (!to) continue;
      const daysAhead = daysBetween(today, r.firstDay);
      if (
        r.paymentStatus === 'unpaid' &&
        r.priceCents !== null &&
        r.priceCents > 0 &&
        daysAhead <= deps.paymentReminderDays
      ) {
        const stay = { ...r, priceCents: r.priceCents, currency: r.currency ?? 'USD' };
        candidates.push({
          kind: 'payment_reminder',
          to,
          key: `payment_reminder:${r.id}`,
          ...paymentReminderMail(site, r.username, stay, daysAhead),
        });
      }
      if (r.status === 'approved' && daysAhead <= deps.stayReminderDays) {
        candidates.push({
          kind: 'stay_reminder',
          to,
          key: `stay_reminder:${r.id}`,
          ...stayReminderMail(site, r.username, r, daysAhead, arrival),
        });
      }
    }
    return enqueueAll(tx, await unsent(tx, candidates));
  }

  /**
   * Each open checklist item from CHECKLIST_REMINDER_DAYS before its due day
   * (overdue included), once per stay and kind; and the stays with an overdue
   * item, for the administrators' digest.
   */
  async function checklistReminders(tx: Tx, site: Site, today: string) {
    const stays = await deps.checklists.approvedFrom(tx, today);
    const { candidates, overdue } = checklistMails(stays, today, { ...deps, site });
    return { queued: await enqueueAll(tx, await unsent(tx, candidates)), overdue };
  }

  async function run(): Promise<RunResult> {
    return inTransaction(db, async (tx) => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${sql.raw(String(SCHEDULER_LOCK_ID))}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!lock.rows[0]?.locked) return { ran: false, queued: 0 };
      const now = deps.now();
      const today = todayIn(deps.timeZone, now);
      const site = siteNow(deps.site);
      const checklist = await checklistReminders(tx, site, today);
      const queued =
        checklist.queued +
        (await pendingDigests(tx, site, now, today, checklist.overdue)) +
        (await memberReminders(tx, site, today));
      if (queued > 0) logger.info({ queued, today }, 'reminders queued');
      return { ran: true, queued };
    });
  }

  function runOnce(): Promise<RunResult> {
    // This instance's run in progress holds the turn.
    if (running) return Promise.resolve({ ran: false, queued: 0 });
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void runOnce()
        .catch((err: unknown) => logger.error({ err }, 'reminder run failed'))
        .finally(() => schedule(intervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(Math.min(deps.firstRunDelayMs ?? 1000, intervalMs));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (running) await running.catch(() => {});
    },
    runOnce,
  };
}
