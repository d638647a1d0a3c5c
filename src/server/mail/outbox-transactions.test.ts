// The durable outbox (docs/mail.md): a mail is a row written in the
// transaction of the change that causes it, so it exists exactly when that
// change committed, once per dedupe key, with a Message-ID of its own.
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.js';
import { createUser } from '../testing/harness.js';
import { outbox, useOutboxTestApp, worker } from './outbox.testing.js';

const { t, loggedOut, rows, queue } = useOutboxTestApp();

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
