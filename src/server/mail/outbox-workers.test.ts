// The workers that hand the outbox's rows to the transport (docs/mail.md):
// several over one database each deliver a mail once, a lease that ran out
// passes the mail to another worker, and retries back off.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/open.js';
import { mailOutbox } from '../db/schema.js';
import { testDbKind } from '../testing/harness.js';
import { mailHeader } from '../testing/smtp-server.js';
import type { MailTransport } from './mailer.js';
import { backoffMs } from './outbox.js';
import {
  ControlledTransport,
  HeldTransport,
  sleep,
  until,
  useOutboxTestApp,
  worker,
} from './outbox.testing.js';

const {
  t,
  rows,
  rowOf,
  queue,
  hungWorkerSendingOne,
  secondWorkerTakesOver,
  smtpServer,
  smtpTransport,
  instances,
} = useOutboxTestApp();

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
      const a = worker(dbs[0], tracking(0));
      const b = worker(dbs[1], tracking(1));
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

    // Another instance (a connection pool of its own on PostgreSQL) sends it through SMTP:
    // the server gets it once, with the Message-ID stored when it was queued.
    const server = await smtpServer();
    const [db] = await instances(1);
    const w = worker(db!, smtpTransport(server.port, 60_000));
    expect(await w.drain()).toBe(1);
    expect(server.received.map((m) => [m.to, mailHeader(m.raw, 'Message-ID')])).toEqual([
      [[expired!.toAddress], expired!.messageId],
    ]);
    expect(await rowOf(expired!.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      messageId: expired!.messageId,
      claimedUntil: null,
    });
    expect(await rowOf(leased!.id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('prepares the transport once there is mail, before its lease: a slow load takes none of the deadline', async () => {
    const seen: boolean[] = [];
    let prepared = 0;
    const transport: MailTransport = {
      async prepare() {
        prepared++;
        await sleep(400);
      },
      async deliver(_mail, signal) {
        await sleep(50);
        seen.push(signal!.aborted);
      },
    };
    // A deadline of 300 ms: shorter than the load.
    const w = worker(t.db, transport, { leaseMs: 600, sendDeadlineMs: 300 });
    expect(await w.drain()).toBe(0);
    expect(prepared).toBe(0);
    await queue(2);
    expect(await w.drain()).toBe(2);
    expect({ prepared, seen }).toEqual({ prepared: 1, seen: [false, false] });
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
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

  it('a send cut short by the stop is due again at once, not failed, and nothing more is claimed', async () => {
    await queue(2);
    const hung = new HeldTransport();
    // Its last attempt: a failure outside a stop would make it `failed`.
    const w = worker(t.db, hung, { maxAttempts: 1 });
    w.start();
    await until(
      async () => hung.started.length,
      (n) => n === 1,
      'the worker to start sending',
    );
    const stopping = w.stop();
    hung.release(new Error('Connection closed while the process stops'));
    await stopping;
    const [first, second] = await rows();
    expect(first).toMatchObject({ status: 'queued', attempts: 1, claimedUntil: null });
    expect(first!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The second mail was left for the next start, unclaimed.
    expect(second).toMatchObject({ status: 'queued', attempts: 0 });
    expect(hung.started).toHaveLength(1);
  });

  it('a failure of a worker that was never started (drained by hand) backs off', async () => {
    await queue(1);
    const transport = new ControlledTransport();
    transport.down = true;
    const w = worker(t.db, transport, { retryBaseMs: 60_000 });
    expect(await w.drain()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('backs off exponentially, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backoffMs(20, 30_000)).toBe(3_600_000);
  });
});
