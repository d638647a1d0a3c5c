// The administrator's Mail screen over the outbox (docs/mail.md): the mails
// by status, a test mail, and who may see or send them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { adminClient, memberWithAccount } from '../testing/harness.js';
import { ControlledTransport, outbox, until, useOutboxTestApp } from './outbox.testing.js';

const { t, loggedOut, rows, appWith } = useOutboxTestApp();

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
