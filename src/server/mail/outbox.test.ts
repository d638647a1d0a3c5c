import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database, type Db } from '../db/open.js';
import { mailOutbox } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { fakeLogger } from '../testing/fake-logger.js';
import { freePort } from '../testing/free-port.js';
import {
  TestClient,
  adminClient,
  createUser,
  memberWithAccount,
  testDbKind,
  useTestApp,
  type TestContext,
} from '../testing/harness.js';
import { mailHeader, startSmtpServer } from '../testing/smtp-server.js';
import { createMailTransport, type MailTransport, type OutgoingMail } from './mailer.js';
import { backoffMs, createMailWorker, createOutbox, type WorkerOptions } from './outbox.js';

// The durable outbox (docs/mail.md): a mail is a row written in the
// transaction of the change that causes it, and a worker hands the rows to the
// transport, retrying with backoff, over one or several processes.

const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const loggedOut = async () => new TestClient(t.app);

const rows = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
async function rowOf(id: number) {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** Polls until `ok` holds for what `fn` gives; no timing assumptions beyond a generous deadline. */
async function until<T>(
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await sleep(10);
  }
}

/** A transport the test controls: down or up, slow, or held until released. */
class ControlledTransport implements MailTransport {
  down = false;
  failFor = new Set<string>();
  delayMs = 0;
  attempts = 0;
  delivered: OutgoingMail[] = [];
  async deliver(mail: OutgoingMail) {
    this.attempts++;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.down || this.failFor.has(mail.to)) throw new Error('SMTP server unreachable');
    this.delivered.push(mail);
  }
}

/** A transport whose deliveries wait until the test releases them (a hung SMTP server). */
class HeldTransport implements MailTransport {
  started: OutgoingMail[] = [];
  private releases: ((err?: Error) => void)[] = [];
  deliver(mail: OutgoingMail) {
    this.started.push(mail);
    return new Promise<void>((resolve, reject) => {
      this.releases.push((err) => (err ? reject(err) : resolve()));
    });
  }
  release(err?: Error) {
    for (const r of this.releases.splice(0)) r(err);
  }
}

const outbox = createOutbox({ messageDomain: 'site.test' });

/** Queues `n` mails as committed changes would. */
async function queue(n: number, db: Db = t.db) {
  for (let i = 1; i <= n; i++) {
    await inTransaction(db, (tx) =>
      outbox.enqueue(tx, {
        kind: 'test',
        to: `u${i}@example.org`,
        subject: `Mail ${i}`,
        text: `Hello ${i}`,
      }),
    );
  }
}

function worker(db: Db, transport: MailTransport, o: Partial<WorkerOptions> = {}) {
  const log = fakeLogger();
  const w = createMailWorker({
    db,
    transport,
    logger: log.logger,
    pollMs: 0,
    retryBaseMs: 60_000,
    maxAttempts: 8,
    leaseMs: 60_000,
    ...o,
  });
  return Object.assign(w, { log: log.calls });
}

/** One queued mail, and a worker (lease 300 ms) hung in sending it; `running` is its drain. */
async function hungWorkerSendingOne() {
  await queue(1);
  const [row] = await rows();
  const hung = new HeldTransport();
  const running = worker(t.db, hung, { leaseMs: 300 }).drain();
  await until(
    async () => hung.started.length,
    (n) => n === 1,
    'the first worker to start sending',
  );
  return { row: row!, hung, running };
}

/** A second worker, draining until it has delivered the mail whose lease ran out. */
async function secondWorkerTakesOver(o: Partial<WorkerOptions> = {}) {
  const transport = new ControlledTransport();
  const b = worker(t.db, transport, o);
  await until(
    async () => {
      await b.drain();
      return transport.delivered.length;
    },
    (n) => n === 1,
    'the second worker to take it over',
  );
  return { transport, b };
}

/** Apps of a test beside `t.app`, over the same database, with a transport of the test's. */
const extraApps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of extraApps.splice(0)) await app.close();
});

async function appWith(
  mailer: MailTransport,
  o: { retryBaseMs?: number; deliverBeforeAnswering?: boolean } = {},
): Promise<TestContext> {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    mailer,
    logger: false,
    mailPollMs: 0,
    mailRetryBaseMs: o.retryBaseMs ?? 60_000,
    deliverMailBeforeAnswering: o.deliverBeforeAnswering ?? false,
  });
  await app.ready();
  extraApps.push(app);
  return { ...t, app };
}

describe('a mail exists exactly when its change committed', () => {
  it('POST /api/auth/forgot-password queues one password_reset mail, then sends it', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const res = await (await loggedOut()).post('/api/auth/forgot-password', { username: 'anna' });
    expect(res.statusCode).toBe(200);

    const all = await rows();
    expect(all).toHaveLength(1);
    const [row] = all;
    expect(row).toMatchObject({
      kind: 'password_reset',
      toAddress: 'anna@example.org',
      status: 'sent',
      attempts: 1,
      lastError: null,
      claimedUntil: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.messageId).toMatch(/^<[0-9a-f-]{36}@site\.test>$/);
    expect(row!.textBody).toContain('http://site.test/reset-password?token=');

    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({
      id: row!.id,
      messageId: row!.messageId,
      kind: 'password_reset',
      to: 'anna@example.org',
      subject: row!.subject,
      text: row!.textBody,
    });
  });

  it('queues nothing for a user without an address or an unknown user', async () => {
    await createUser(t.db, { username: 'noaddress', email: null });
    const c = await loggedOut();
    expect((await c.post('/api/auth/forgot-password', { username: 'noaddress' })).statusCode).toBe(
      200,
    );
    expect((await c.post('/api/auth/forgot-password', { username: 'nobody' })).statusCode).toBe(
      200,
    );
    expect(await rows()).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
  });

  it('a registration queues a mail to each administrator; one refused with 409 queues none', async () => {
    await createUser(t.db, {
      username: 'staff',
      role: 'Administrator',
      email: 'staff@example.org',
    });
    await createUser(t.db, {
      username: 'warden',
      role: 'Administrator',
      email: 'warden@example.org',
    });
    const c = await loggedOut();
    const ok = await c.post('/api/auth/register', { username: 'newbie', password: 'secret123' });
    expect(ok.statusCode).toBe(201);
    expect((await rows()).map((r) => [r.kind, r.toAddress, r.status])).toEqual([
      ['registration', 'staff@example.org', 'sent'],
      ['registration', 'warden@example.org', 'sent'],
    ]);

    const taken = await c.post('/api/auth/register', { username: 'NewBie', password: 'secret123' });
    expect(taken.statusCode).toBe(409);
    expect(await rows()).toHaveLength(2);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('of concurrent registrations of one name, only the one that commits queues its mail', async () => {
    await createUser(t.db, {
      username: 'staff',
      role: 'Administrator',
      email: 'staff@example.org',
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        (await loggedOut()).post('/api/auth/register', { username: 'twin', password: 'secret123' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ kind: 'registration', toAddress: 'staff@example.org' });
  });

  it('a transaction that queues a mail and then fails leaves no row, and nothing is sent', async () => {
    await expect(
      inTransaction(t.db, async (tx) => {
        expect(
          await t.app.mail.outbox.enqueue(tx, {
            kind: 'test',
            to: 'a@example.org',
            subject: 'Never',
            text: 'This change fails.',
          }),
        ).toBe(true);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
    expect(await t.app.mail.worker.drain()).toBe(0);
    expect(t.mailer.sent).toEqual([]);
  });

  it('queues at most one mail per dedupe key', async () => {
    const mail = {
      kind: 'stay_reminder' as const,
      to: 'a@example.org',
      subject: 'S',
      text: 'T',
      dedupeKey: 'stay:7',
    };
    expect(await inTransaction(t.db, (tx) => outbox.enqueue(tx, mail))).toBe(true);
    expect(
      await inTransaction(t.db, (tx) => outbox.enqueue(tx, { ...mail, subject: 'Again' })),
    ).toBe(false);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]!.subject).toBe('S');
  });

  it('gives every mail its own Message-ID and keeps attachments', async () => {
    await inTransaction(t.db, (tx) =>
      outbox.enqueue(tx, {
        kind: 'receipt',
        to: 'a@example.org',
        subject: 'Receipt',
        text: 'Attached.',
        attachments: [
          {
            filename: 'r.pdf',
            contentType: 'application/pdf',
            content: Buffer.from([0, 1, 2, 255]),
          },
        ],
      }),
    );
    await queue(3);
    const all = await rows();
    expect(new Set(all.map((r) => r.messageId)).size).toBe(4);
    const w = worker(t.db, t.mailer);
    expect(await w.drain()).toBe(4);
    const receipt = t.mailer.sent.find((m) => m.kind === 'receipt')!;
    expect(receipt.attachments).toEqual([
      { filename: 'r.pdf', contentType: 'application/pdf', content: Buffer.from([0, 1, 2, 255]) },
    ]);
  });
});

describe('an SMTP server that is down', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('the change still succeeds, the mail is retried with backoff, and sent once the server is up', async () => {
    const port = await freePort();
    const base = 50;
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'House <house@example.org>',
      outboxDir: dir,
      logger: fakeLogger().logger,
      facilityName: 'House',
    });
    const ctx = await appWith(transport, { retryBaseMs: base, deliverBeforeAnswering: true });
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });

    // The request tries to send before it answers, fails, and still succeeds.
    const before = Date.now();
    const res = await new TestClient(ctx.app).post('/api/auth/forgot-password', {
      username: 'anna',
    });
    expect(res.statusCode).toBe(200);
    const [first] = await rows();
    expect(first).toMatchObject({
      kind: 'password_reset',
      status: 'queued',
      attempts: 1,
      sentAt: null,
      claimedUntil: null,
    });
    expect(first!.lastError).toMatch(/ECONNREFUSED/);
    expect(first!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + base);

    // Not due yet: a drain right away attempts nothing (the backoff is far longer than this).
    // Then the next attempts fail too, each waiting twice as long as the one before.
    let drainedAt = 0;
    const second = await until(
      async () => {
        drainedAt = Date.now();
        await ctx.app.mail.worker.drain();
        return rowOf(first!.id);
      },
      (r) => r.attempts >= 2,
      'a second attempt',
    );
    expect(second.status).toBe('queued');
    expect(second.lastError).toMatch(/ECONNREFUSED/);
    expect(second.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      drainedAt + backoffMs(second.attempts, base),
    );
    expect(backoffMs(second.attempts, base)).toBeGreaterThanOrEqual(2 * base);

    // The server comes up on that port: the next drain delivers it, exactly once.
    const server = await startSmtpServer({ port });
    try {
      const sent = await until(
        async () => {
          await ctx.app.mail.worker.drain();
          return rowOf(first!.id);
        },
        (r) => r.status === 'sent',
        'the mail to be sent',
      );
      expect(sent.lastError).toBeNull();
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(await ctx.app.mail.worker.drain()).toBe(0);
      expect(server.received).toHaveLength(1);
      expect(server.received[0]!.to).toEqual(['anna@example.org']);
      expect(mailHeader(server.received[0]!.raw, 'Message-ID')).toBe(first!.messageId);
      expect(mailHeader(server.received[0]!.raw, 'X-Mail-Kind')).toBe('password_reset');
      expect(await rows()).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('after maxAttempts failures a mail is failed; the admin retries it and the next drain sends it', async () => {
    const transport = new ControlledTransport();
    transport.down = true;
    const ctx = await appWith(transport, { retryBaseMs: 1 });
    const { client: admin } = await adminClient(ctx);
    expect((await admin.post('/api/admin/mail/test', { to: 'check@example.org' })).statusCode).toBe(
      202,
    );
    const [queued] = await rows();
    expect(queued).toMatchObject({ kind: 'test', status: 'queued', attempts: 0 });

    const failed = await until(
      async () => {
        await ctx.app.mail.worker.drain();
        return rowOf(queued!.id);
      },
      (r) => r.status !== 'queued',
      'the mail to fail',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: 'SMTP server unreachable',
      sentAt: null,
    });
    expect(transport.attempts).toBe(8);
    // A failed mail waits for the admin: later drains leave it alone.
    await sleep(20);
    expect(await ctx.app.mail.worker.drain()).toBe(0);
    expect(transport.attempts).toBe(8);

    const listed = await admin.get('/api/admin/mail?status=failed');
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: queued!.id, status: 'failed', attempts: 8 }),
    ]);

    transport.down = false;
    const retry = await admin.post(`/api/admin/mail/${queued!.id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ id: queued!.id, status: 'queued', attempts: 0 });
    expect(await ctx.app.mail.worker.drain()).toBe(1);
    expect(transport.delivered.map((m) => [m.kind, m.to, m.messageId])).toEqual([
      ['test', 'check@example.org', queued!.messageId],
    ]);
    expect(await rowOf(queued!.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    const again = await admin.post(`/api/admin/mail/${queued!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('transition_not_allowed');
    expect((await admin.post('/api/admin/mail/99999/retry')).statusCode).toBe(404);
    expect(transport.delivered).toHaveLength(1);
  });
});

describe('workers', () => {
  it('two workers over one database deliver each of 30 mails exactly once', async () => {
    await queue(30);
    const transport = new ControlledTransport();
    transport.delayMs = 3;
    const opened: Database[] = [];
    try {
      let dbs: [Db, Db] = [t.db, t.db];
      if (testDbKind === 'postgres') {
        // Each worker with a connection pool of its own, like two instances.
        opened.push(await openDatabase({ databaseUrl: t.databaseUrl! }));
        opened.push(await openDatabase({ databaseUrl: t.databaseUrl! }));
        dbs = [opened[0]!.db, opened[1]!.db];
      }
      const byWorker = [0, 0];
      const tracking = (i: number): MailTransport => ({
        async deliver(mail) {
          await transport.deliver(mail);
          byWorker[i]!++;
        },
      });
      const a = worker(dbs[0], tracking(0), { batchSize: 2 });
      const b = worker(dbs[1], tracking(1), { batchSize: 2 });
      const [na, nb] = await Promise.all([a.drain(), b.drain()]);
      expect(na + nb).toBe(30);

      const ids = transport.delivered.map((m) => m.messageId);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
      const all = await rows();
      expect(new Set(all.map((r) => r.messageId))).toEqual(new Set(ids));
      expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      // Both took part (otherwise this test would show nothing about two workers).
      expect(byWorker[0]).toBeGreaterThan(0);
      expect(byWorker[1]).toBeGreaterThan(0);
      expect([...a.log, ...b.log].filter((c) => c.level === 'error' || c.level === 'warn')).toEqual(
        [],
      );
    } finally {
      for (const d of opened) await d.close();
    }
  });

  it('takes over a row left sending by a killed process once its lease ended, with its Message-ID', async () => {
    await queue(2);
    const [expired, leased] = await rows();
    // What a killed process leaves: claimed, counted, never finished.
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, expired!.id));
    // Another process's lease that has not ended: not touched.
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(mailOutbox.id, leased!.id));

    const transport = new ControlledTransport();
    const w = worker(t.db, transport);
    expect(await w.drain()).toBe(1);
    expect(transport.delivered.map((m) => [m.id, m.messageId])).toEqual([
      [expired!.id, expired!.messageId],
    ]);
    expect(await rowOf(expired!.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      messageId: expired!.messageId,
      claimedUntil: null,
    });
    expect(await rowOf(leased!.id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('a worker that hangs past its lease loses the mail to another, and its late success changes nothing', async () => {
    const { row, hung, running } = await hungWorkerSendingOne();
    expect(await rowOf(row.id)).toMatchObject({ status: 'sending', attempts: 1 });

    const { transport, b } = await secondWorkerTakesOver();
    expect(transport.delivered[0]!.messageId).toBe(row.messageId);
    expect(hung.started[0]!.messageId).toBe(row.messageId);
    const sent = await rowOf(row.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });

    hung.release();
    expect(await running).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: sent.sentAt,
    });
    expect(await b.drain()).toBe(0);
    expect(transport.delivered).toHaveLength(1);
  });

  it('a worker that hangs past its lease and then fails does not undo the other worker’s delivery', async () => {
    const { row, hung, running } = await hungWorkerSendingOne();
    const { transport, b } = await secondWorkerTakesOver({ retryBaseMs: 1 });
    const sent = await rowOf(row.id);
    expect(sent.status).toBe('sent');

    // The first worker's SMTP connection finally times out.
    hung.release(new Error('Timeout'));
    await running;
    // The mail was delivered: it stays sent and is not sent a second time.
    expect(await rowOf(row.id)).toMatchObject({
      status: 'sent',
      sentAt: sent.sentAt,
      lastError: null,
    });
    await sleep(20);
    expect(await b.drain()).toBe(0);
    expect(transport.delivered).toHaveLength(1);
  });

  it('stop() waits for the mail being sent', async () => {
    await queue(1);
    const hung = new HeldTransport();
    const w = worker(t.db, hung);
    w.start();
    await until(
      async () => hung.started.length,
      (n) => n === 1,
      'the worker to start sending',
    );
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    hung.release();
    await stopping;
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
  });

  it('backs off exponentially, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backoffMs(20, 30_000)).toBe(3_600_000);
  });
});

describe('the admin’s Mail screen', () => {
  it('GET /api/admin/mail?status= lists queued, sent and failed mails with X-Total-Count', async () => {
    const transport = new ControlledTransport();
    const ctx = await appWith(transport, { retryBaseMs: 1 });
    const { client: admin } = await adminClient(ctx);

    expect((await admin.post('/api/admin/mail/test', { to: 'sent@example.org' })).statusCode).toBe(
      202,
    );
    expect(await ctx.app.mail.worker.drain()).toBe(1);
    transport.failFor.add('failed@example.org');
    expect(
      (await admin.post('/api/admin/mail/test', { to: 'failed@example.org' })).statusCode,
    ).toBe(202);
    await until(
      async () => {
        await ctx.app.mail.worker.drain();
        return (await rows())[1]!.status;
      },
      (s) => s === 'failed',
      'the mail to fail',
    );
    expect(
      (await admin.post('/api/admin/mail/test', { to: 'queued@example.org' })).statusCode,
    ).toBe(202);
    expect(
      (await admin.post('/api/admin/mail/test', { to: 'sending@example.org' })).statusCode,
    ).toBe(202);
    const sendingId = (await rows())[3]!.id;
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(mailOutbox.id, sendingId));

    const all = await admin.get('/api/admin/mail');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    const list = all.json() as Record<string, unknown>[];
    // Newest first.
    expect(list.map((m) => m.to)).toEqual([
      'sending@example.org',
      'queued@example.org',
      'failed@example.org',
      'sent@example.org',
    ]);
    for (const m of list)
      expect(Object.keys(m).sort()).toEqual(
        [
          'attempts',
          'createdAt',
          'id',
          'kind',
          'lastError',
          'sentAt',
          'status',
          'subject',
          'to',
        ].sort(),
      );

    const sent = await admin.get('/api/admin/mail?status=sent');
    expect(sent.headers['x-total-count']).toBe('1');
    const [s] = sent.json();
    expect(s).toMatchObject({
      to: 'sent@example.org',
      kind: 'test',
      status: 'sent',
      attempts: 1,
      lastError: null,
      subject: expect.stringContaining('test mail'),
    });
    expect(new Date(s.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(s.createdAt).getTime());

    const failed = await admin.get('/api/admin/mail?status=failed');
    expect(failed.headers['x-total-count']).toBe('1');
    expect(failed.json()).toEqual([
      expect.objectContaining({
        to: 'failed@example.org',
        status: 'failed',
        attempts: 8,
        lastError: 'SMTP server unreachable',
        sentAt: null,
      }),
    ]);

    // "Queued" includes the mail being sent right now.
    const queued = await admin.get('/api/admin/mail?status=queued');
    expect(queued.headers['x-total-count']).toBe('2');
    expect(
      (queued.json() as { to: string; status: string }[]).map((m) => [m.to, m.status]),
    ).toEqual([
      ['sending@example.org', 'sending'],
      ['queued@example.org', 'queued'],
    ]);

    const page = await admin.get('/api/admin/mail?limit=1&offset=1');
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((m: { to: string }) => m.to)).toEqual(['queued@example.org']);

    expect((await admin.get('/api/admin/mail?status=bogus')).statusCode).toBe(400);
  });

  it('POST /api/admin/mail/test answers 202 and a test mail is delivered', async () => {
    const { client: admin } = await adminClient(t);
    const res = await admin.post('/api/admin/mail/test', { to: ' check@example.org ' });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('check@example.org');
    expect(t.mailer.sent).toEqual([
      expect.objectContaining({ kind: 'test', to: 'check@example.org' }),
    ]);
    expect(t.mailer.sent[0]!.text).toContain('admin');
    expect((await rows())[0]).toMatchObject({ kind: 'test', status: 'sent' });

    expect((await admin.post('/api/admin/mail/test', { to: 'not an address' })).statusCode).toBe(
      400,
    );
    expect(await rows()).toHaveLength(1);
  });

  it('a member gets 403 and a stranger 401, and nothing is queued', async () => {
    await inTransaction(t.db, (tx) =>
      outbox.enqueue(tx, { kind: 'test', to: 'x@example.org', subject: 'S', text: 'T' }),
    );
    const [row] = await rows();
    const { client: member } = await memberWithAccount(t, 'mia');
    expect((await member.get('/api/admin/mail')).statusCode).toBe(403);
    expect((await member.get('/api/admin/mail?status=queued')).statusCode).toBe(403);
    expect((await member.post('/api/admin/mail/test', { to: 'mia@example.org' })).statusCode).toBe(
      403,
    );
    expect((await member.post(`/api/admin/mail/${row!.id}/retry`)).statusCode).toBe(403);
    const stranger = await loggedOut();
    expect((await stranger.get('/api/admin/mail')).statusCode).toBe(401);
    expect((await stranger.post('/api/admin/mail/test', { to: 'x@example.org' })).statusCode).toBe(
      401,
    );
    expect((await rows()).map((r) => r.kind)).toEqual(['test']);
  });
});
