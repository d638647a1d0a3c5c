// The outbox tests' setup: the app they run against, transports the test
// controls, queued mails and workers over the test's database (docs/mail.md).
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../app.js';
import { mailSendDeadlineMs } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/open.js';
import { mailOutbox } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { fakeLogger } from '../testing/fake-logger.js';
import {
  TestClient,
  testDbKind,
  useTestApp,
  type TestContext,
  BY_THE_DAY,
} from '../testing/harness.js';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.js';
import { createMailTransport, type MailTransport, type OutgoingMail } from './mailer.js';
import { createMailWorker, createOutbox, type WorkerOptions } from './outbox.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `ok` holds for what `fn` gives; no timing assumptions beyond a generous deadline. */
export async function until<T>(
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
export class ControlledTransport implements MailTransport {
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
export class HeldTransport implements MailTransport {
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

export const outbox = createOutbox({ messageDomain: 'site.test' });

/**
 * A worker over `db` as app.ts makes one, its log kept; the send's deadline is the
 * configuration's for the lease (half a lease shorter than 2 s, as some tests use).
 */
export function worker(db: Db, transport: MailTransport, o: Partial<WorkerOptions> = {}) {
  const log = fakeLogger();
  const leaseMs = o.leaseMs ?? 60_000;
  const w = createMailWorker({
    db,
    transport,
    logger: log.logger,
    pollMs: 0,
    retryBaseMs: 60_000,
    maxAttempts: 8,
    leaseMs,
    sendDeadlineMs: leaseMs >= 2_000 ? mailSendDeadlineMs(leaseMs) : leaseMs / 2,
    ...o,
  });
  return Object.assign(w, { log: log.calls });
}

/**
 * One database and one app per test file (see `useTestApp`), and the helpers
 * over them. Call at the top of a test file.
 */
export function useOutboxTestApp() {
  const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });

  const loggedOut = async () => new TestClient(t.app);

  const rows = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  async function rowOf(id: number) {
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row!;
  }

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

  /** A test's SMTP server (testing/smtp-server.ts), closed after the test. */
  const servers: TestSmtpServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  async function smtpServer(options: Parameters<typeof startSmtpServer>[0] = {}) {
    const server = await startSmtpServer(options);
    servers.push(server);
    return server;
  }

  /** The SMTP transport app.ts makes, to a test's server, for a lease of `leaseMs`; closed after the test. */
  const transports: MailTransport[] = [];
  afterEach(() => {
    for (const transport of transports.splice(0)) transport.close?.();
  });
  function smtpTransport(port: number, leaseMs: number) {
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'House <house@example.org>',
      outboxDir: path.join(t.config.dataDir, 'outbox'),
      logger: fakeLogger().logger,
      houseName: () => 'House',
      timeoutMs: mailSendDeadlineMs(leaseMs),
    });
    transports.push(transport);
    return transport;
  }

  /**
   * The databases of `n` instances: on PostgreSQL each with a connection pool of its own
   * (closed after the test), on the embedded database the test's own.
   */
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });
  async function instances(n: number): Promise<Db[]> {
    if (testDbKind !== 'postgres') return Array<Db>(n).fill(t.db);
    const dbs: Db[] = [];
    for (let i = 0; i < n; i++) {
      const database = await openDatabase({ databaseUrl: t.databaseUrl! });
      opened.push(database);
      dbs.push(database.db);
    }
    return dbs;
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
      // Prices by the day and no agreement, as the tests' default house (harness.ts).
      pricing: BY_THE_DAY,
      agreement: null,
      mailPollMs: 0,
      mailRetryBaseMs: o.retryBaseMs ?? 60_000,
      deliverMailBeforeAnswering: o.deliverBeforeAnswering ?? false,
    });
    await app.ready();
    extraApps.push(app);
    return { ...t, app };
  }

  return {
    t,
    loggedOut,
    rows,
    rowOf,
    queue,
    hungWorkerSendingOne,
    secondWorkerTakesOver,
    appWith,
    smtpServer,
    smtpTransport,
    instances,
  };
}
