import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OutboxMailInfo } from '../../../shared/schemas/mail.js';
import type { Db } from '../../db/open.js';
import { mailOutbox } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import type { Outbox } from '../../mail/outbox.js';
import { siteNow, testMail, type LiveSite } from '../../mail/templates.js';

const present = (r: typeof mailOutbox.$inferSelect): OutboxMailInfo => ({
  id: r.id,
  to: r.toAddress,
  subject: r.subject,
  kind: r.kind,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** The admin's view of the outbox (docs/mail.md): what is queued, sent and failed, retry, a test mail. */
export function createMailService(deps: {
  db: Db;
  outbox: Outbox;
  site: LiveSite;
  /** Tells the mail worker to look now. */
  wake: () => void;
}) {
  const { db } = deps;
  return {
    async list(q: {
      status?: 'queued' | 'sent' | 'failed' | undefined;
      limit?: number | undefined;
      offset?: number | undefined;
    }) {
      const where: SQL[] = [];
      if (q.status === 'queued') where.push(inArray(mailOutbox.status, ['queued', 'sending']));
      else if (q.status) where.push(eq(mailOutbox.status, q.status));
      const cond = where.length ? and(...where) : undefined;
      const query = db
        .select()
        .from(mailOutbox)
        .where(cond)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
      const rows =
        q.limit !== undefined ? await query.limit(q.limit).offset(q.offset ?? 0) : await query;
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(cond);
      return { mails: rows.map(present), total: count!.n };
    },

    /**
     * Sends a queued or failed mail now (ARCHITECTURE §8, docs/mail.md): one
     * waiting out its backoff is due at once; a failed one is queued again with
     * a fresh count of attempts; one being sent right now is left to its worker.
     * Only a sent mail is refused.
     */
    async retry(id: number) {
      const [row] = await db
        .update(mailOutbox)
        .set({
          status: 'queued',
          attempts: sql`case when ${mailOutbox.status} = 'failed' then 0 else ${mailOutbox.attempts} end`,
          nextAttemptAt: new Date(),
          claimedUntil: null,
        })
        .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['queued', 'failed'])))
        .returning();
      if (row) {
        deps.wake();
        return present(row);
      }
      const [exists] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!exists) throw notFound('Mail not found.');
      if (exists.status === 'sending') return present(exists);
      throw conflict('This mail was sent already; it is not sent again.', 'transition_not_allowed');
    },

    /** Queues a test mail, to check the mail settings from the browser. */
    async sendTest(to: string, sentBy: string) {
      await inTransaction(db, (tx) =>
        deps.outbox.enqueue(tx, { kind: 'test', to, ...testMail(siteNow(deps.site), sentBy) }),
      );
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
