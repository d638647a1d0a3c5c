// The durable outbox (docs/mail.md) while the SMTP server is down: the change
// still succeeds, and the mail is retried with backoff until it is sent or,
// after the last attempt, failed and left for the administrator to retry.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { fakeLogger } from '../testing/fake-logger.js';
import { freePort } from '../testing/free-port.js';
import { TestClient, adminClient, createUser } from '../testing/harness.js';
import { mailHeader, startSmtpServer } from '../testing/smtp-server.js';
import { createMailTransport } from './mailer.js';
import { backoffMs } from './outbox.js';
import { ControlledTransport, sleep, until, useOutboxTestApp } from './outbox.testing.js';

const { t, rows, rowOf, appWith } = useOutboxTestApp();

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
      houseName: () => 'House',
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
    expect(retry.statusCode).toBe(202);
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

  it('Retry sends a queued mail waiting out its backoff now, once SMTP is back', async () => {
    const transport = new ControlledTransport();
    transport.down = true;
    // A backoff of an hour: without Retry the mail would wait that long.
    const ctx = await appWith(transport, { retryBaseMs: 3_600_000 });
    const { client: admin } = await adminClient(ctx);
    await admin.post('/api/admin/mail/test', { to: 'later@example.org' });
    const [mail] = await rows();
    expect(await ctx.app.mail.worker.drain()).toBe(1);
    const waiting = await rowOf(mail!.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(await ctx.app.mail.worker.drain()).toBe(0);

    transport.down = false;
    const retry = await admin.post(`/api/admin/mail/${mail!.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ id: mail!.id, status: 'queued', attempts: 1 });
    expect(await ctx.app.mail.worker.drain()).toBe(1);
    expect(transport.delivered.map((m) => m.to)).toEqual(['later@example.org']);
    expect(await rowOf(mail!.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('Retry of a mail being sent right now leaves it to its worker (202); a sent one is 409', async () => {
    const ctx = await appWith(new ControlledTransport());
    const { client: admin } = await adminClient(ctx);
    await admin.post('/api/admin/mail/test', { to: 'busy@example.org' });
    const [mail] = await rows();
    const lease = new Date(Date.now() + 60_000);
    await ctx.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, claimedUntil: lease })
      .where(eq(mailOutbox.id, mail!.id));
    const retry = await admin.post(`/api/admin/mail/${mail!.id}/retry`);
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await rowOf(mail!.id)).toMatchObject({ status: 'sending', claimedUntil: lease });
  });
});
