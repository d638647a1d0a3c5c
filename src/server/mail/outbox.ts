import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { mailOutbox, users, type StoredAttachment } from '../db/schema.js';
import type { MailMessage, MailTransport, OutgoingMail } from './mailer.js';

/** Queues mails in the caller's transaction (docs/mail.md). */
export interface Outbox {
  /**
   * Writes the mail as a row of the outbox with `tx`: it exists exactly when the
   * change that caused it commits. Returns false when a mail with the same
   * dedupe key was queued before (nothing is written).
   */
  enqueue(tx: Db, mail: MailMessage): Promise<boolean>;
  /**
   * Queues `mail` to the `email` of the users a `from users where …` clause
   * finds, in one statement whether it finds one or none: a request that must
   * not tell by its time whether someone exists does the same work either way.
   * `nameMarker`, where the text has it, becomes the user's stored username.
   */
  enqueueTo(
    tx: Db,
    mail: Omit<MailMessage, 'to' | 'attachments'>,
    recipient: SQL,
    nameMarker?: string,
  ): Promise<void>;
}

export function createOutbox(opts: {
  messageDomain: string;
}): Outbox & { onWake(fn: () => void): void } {
  let wake = () => {};
  return {
    async enqueue(tx, mail) {
      const attachments: StoredAttachment[] = (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      }));
      const rows = await tx
        .insert(mailOutbox)
        .values({
          kind: mail.kind,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          attachments,
          messageId: `<${randomUUID()}@${opts.messageDomain}>`,
          dedupeKey: mail.dedupeKey ?? null,
        })
        .onConflictDoNothing({ target: mailOutbox.dedupeKey })
        .returning({ id: mailOutbox.id });
      // The change commits in a moment: look then (the worker's polling catches a slower one).
      if (rows.length > 0) setTimeout(() => wake(), 100).unref();
      return rows.length > 0;
    },
    async enqueueTo(tx, mail, recipient, nameMarker = '') {
      await tx.execute(
        sql`insert into ${mailOutbox} (kind, to_address, subject, text_body, html_body, message_id)
            select ${mail.kind}, ${users.email}, ${mail.subject},
                   replace(${mail.text}, ${nameMarker}, ${users.username}), ${mail.html ?? null},
                   '<' || gen_random_uuid() || ${`@${opts.messageDomain}>`} ${recipient}`,
      );
      // Woken either way: nothing in the answer's timing depends on a row being there.
      setTimeout(() => wake(), 100).unref();
    },
    onWake(fn) {
      wake = fn;
    },
  };
}

export interface WorkerOptions {
  db: Db;
  transport: MailTransport;
  logger: FastifyBaseLogger;
  /** How often to look for due mail; 0: only when woken or drained (tests). */
  pollMs: number;
  /** The first retry waits this long, each next one twice as long, at most an hour. */
  retryBaseMs: number;
  /** After this many failed attempts a mail is `failed` until an admin retries it. */
  maxAttempts: number;
  /** How long a claimed mail stays with its worker before another may take it over. */
  leaseMs: number;
  /**
   * How long one attempt may last from its claim, all of it (`mailSendDeadlineMs` of
   * config.ts): shorter than the lease, so an attempt has ended before another worker
   * may take the mail over. The transport's send is aborted then, a failed attempt.
   */
  sendDeadlineMs: number;
}

type Row = typeof mailOutbox.$inferSelect;

const toOutgoing = (r: Row): OutgoingMail => ({
  id: r.id,
  messageId: r.messageId,
  kind: r.kind as OutgoingMail['kind'],
  to: r.toAddress,
  subject: r.subject,
  text: r.textBody,
  ...(r.htmlBody ? { html: r.htmlBody } : {}),
  attachments: r.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.contentBase64, 'base64'),
  })),
});

export const backoffMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), 3_600_000);

/**
 * Sends what the outbox holds. A row is claimed just before it is sent, one at
 * a time, with FOR UPDATE SKIP LOCKED and a lease longer than the attempt may
 * last (`sendDeadlineMs`, counted from before the claim: the transport's send
 * is aborted then): two workers over one database never send one mail, and a
 * row left `sending` by a killed (or hung) process is taken over once its lease
 * ends (at least once: the same Message-ID makes a repeat recognisable).
 */
export function createMailWorker(o: WorkerOptions) {
  if (!(o.sendDeadlineMs > 0 && o.sendDeadlineMs < o.leaseMs))
    throw new Error(`a send's deadline (${o.sendDeadlineMs} ms) must be inside the lease`);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  // Set by stop() only: a worker that was never started (drained by hand) is not stopping.
  let stopping = false;

  const lease = sql`now() + ${Math.round(o.leaseMs)}::int * interval '1 millisecond'`;
  const due = sql`(status = 'queued' and next_attempt_at <= now()) or (status = 'sending' and claimed_until < now())`;
  // The transport is loaded once there is mail to send (nodemailer is not loaded at start),
  // and before a lease starts: the lease and the deadline are for sending, not for loading.
  let prepared = !o.transport.prepare;

  /** Takes the next due mail for this worker, for the lease; with the attempt's deadline. */
  async function claim(): Promise<{ row: Row; signal: AbortSignal } | undefined> {
    if (!prepared) {
      const found = (await o.db.execute(
        sql`select 1 from mail_outbox where ${due} limit 1`,
      )) as unknown as { rows: unknown[] };
      if (found.rows.length === 0) return undefined;
      await o.transport.prepare!();
      prepared = true;
    }
    // Counted from before the lease starts: the attempt ends before the lease does.
    const claimedAt = performance.now();
    const result = (await o.db.execute(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1, claimed_until = ${lease}
      where id = (
        select id from mail_outbox
        where ${due}
        order by id limit 1
        for update skip locked)
      returning id`)) as unknown as { rows: { id: number }[] };
    const claimed = result.rows[0];
    if (!claimed) return undefined;
    const [row] = await o.db.select().from(mailOutbox).where(eq(mailOutbox.id, claimed.id));
    if (!row) return undefined;
    const left = o.sendDeadlineMs - (performance.now() - claimedAt);
    return { row, signal: AbortSignal.timeout(Math.max(Math.floor(left), 0)) };
  }

  /** The row as this attempt claimed it: still sending, not claimed again since. */
  const mine = (row: Row) =>
    and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );

  async function sendOne(row: Row, signal: AbortSignal) {
    try {
      await o.transport.deliver(toOutgoing(row), signal);
      await o.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null })
        .where(mine(row));
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      // A send cut short while this process stops is due again at once, for the next start
      // or another instance: the stop, not the mail, ended it.
      const failed = row.attempts >= o.maxAttempts && !stopping;
      o.logger.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, err: message },
        failed ? 'mail failed' : 'mail will be retried',
      );
      await o.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'queued',
          lastError: message,
          claimedUntil: null,
          nextAttemptAt: new Date(
            stopping ? Date.now() : Date.now() + backoffMs(row.attempts, o.retryBaseMs),
          ),
        })
        // Only while the row is still this attempt's: a worker that took it over after the lease decides.
        .where(mine(row));
    }
  }

  /** Sends every mail due now, batch after batch; resolves with how many were attempted. */
  async function runOnce(): Promise<number> {
    let total = 0;
    // A stopping worker claims nothing more: what it would send is left for the next start.
    for (let next = await claim(); next; next = stopping ? undefined : await claim()) {
      await sendOne(next.row, next.signal);
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
          o.logger.error({ err }, 'mail outbox run failed');
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
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, o.pollMs);
    timer.unref();
  }

  return {
    drain,
    wake() {
      if (!stopped) void drain();
    },
    start() {
      stopped = false;
      stopping = false;
      void drain().finally(schedule);
    },
    /**
     * Stops polling and waits for the mail being sent now, at most `waitMs`: a
     * mail still being sent then stays claimed and is sent again after its lease.
     */
    async stop(waitMs = 5_000) {
      stopped = true;
      stopping = true;
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

export type MailWorker = ReturnType<typeof createMailWorker>;
