/**
 * Upgrading a house from the release ending at migration 0006_mail_outbox to
 * this release: the mail queued before it is sent, the old reservations
 * still hold their days, and a reset link mailed by that release still works.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { endTimeOf, startTimeOf } from '../../shared/dates.js';
import { TestClient, type CapturingMailer } from '../testing/harness.js';
import { rows } from '../testing/release-migrations.js';
import type { Database } from './open.js';
import {
  ADMIN_SESSION,
  ANNA_RESET,
  ANNA_SESSION,
  clientWithOldSession,
  day,
  icsText,
  receiptBytes,
  useUpgradedHouse,
} from './upgrade-from-0006.testing.js';

describe('upgrading a database of the release ending at 0006_mail_outbox', () => {
  const house = useUpgradedHouse();
  let database: Database;
  let app: FastifyInstance;
  let mailer: CapturingMailer;
  beforeAll(() => {
    ({ database, app, mailer } = house);
  });

  it('sends the mail queued before the upgrade and keeps the rest of the outbox', async () => {
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const listed = async (status: string) =>
      (
        (await admin.get(`/api/admin/mail?status=${status}`)).json() as {
          id: number;
          status: string;
        }[]
      )
        .map((m) => [m.id, m.status])
        .sort();
    expect(await listed('queued')).toEqual([
      [1, 'queued'],
      [2, 'queued'],
      [3, 'queued'],
      [4, 'sending'],
    ]);
    expect(await listed('sent')).toEqual([[5, 'sent']]);
    expect(await listed('failed')).toEqual([[6, 'failed']]);

    // The worker of the new release sends what is due, as it was queued: same Message-ID, text, attachments.
    await app.mail.worker.drain();
    const sent = (messageId: string) => mailer.sent.filter((m) => m.messageId === messageId);
    expect(sent('<m1@site.test>')).toEqual([
      expect.objectContaining({
        kind: 'approval',
        to: 'anna@stmark.test',
        subject: 'Approved: Paid retreat',
        text: 'Your stay is approved.',
        html: '<p>Your stay is approved.</p>',
      }),
    ]);
    expect(sent('<m1@site.test>')[0]!.attachments).toEqual([
      {
        filename: 'reservation-1.ics',
        contentType: 'text/calendar',
        content: Buffer.from(icsText),
      },
    ]);
    expect(sent('<m2@site.test>')[0]!.attachments![0]!.content.equals(receiptBytes)).toBe(true);
    // The mail whose sender died mid-send is taken over after its lease.
    expect(sent('<m4@site.test>')).toHaveLength(1);
    // Not yet due, already sent, or failed: none of those.
    for (const id of ['<m3@site.test>', '<m5@site.test>', '<m6@site.test>'])
      expect(sent(id)).toEqual([]);
    expect(
      await rows(database, sql`select id, status, attempts from mail_outbox order by id`),
    ).toEqual([
      { id: 1, status: 'sent', attempts: 1 },
      { id: 2, status: 'sent', attempts: 3 },
      { id: 3, status: 'queued', attempts: 1 },
      { id: 4, status: 'sent', attempts: 2 },
      { id: 5, status: 'sent', attempts: 1 },
      { id: 6, status: 'failed', attempts: 8 },
    ]);

    // The failed one can be retried from the Mail screen and is then sent.
    expect((await admin.post('/api/admin/mail/6/retry')).statusCode).toBe(202);
    await app.mail.worker.drain();
    expect(sent('<m6@site.test>')).toEqual([
      expect.objectContaining({ kind: 'cancellation', text: 'Your stay is cancelled.' }),
    ]);
  });

  it('keeps the old holding reservations blocking their days; cancelled and rejected ones free theirs', async () => {
    const anna = clientWithOldSession(app, ANNA_SESSION);
    const request = (firstDay: string, lastDay: string, eventName: string) =>
      anna.post('/api/reservations', {
        startTime: startTimeOf(firstDay),
        endTime: endTimeOf(lastDay),
        eventName,
        eventDescription: 'After the upgrade',
      });

    // Over the approved reservation 1 and over the pending reservation 2.
    const overApproved = await request(day(2), day(3), 'Over approved');
    expect(overApproved.statusCode).toBe(409);
    expect(overApproved.json()).toMatchObject({ code: 'days_taken', days: [day(2)] });
    const overPending = await request(day(9), day(10), 'Over pending');
    expect(overPending.statusCode).toBe(409);
    expect(overPending.json()).toMatchObject({ code: 'days_taken', days: [day(10)] });
    // Over another church's approved reservation 6.
    expect((await request(day(42), day(43), 'Over Grace')).json()).toMatchObject({
      code: 'days_taken',
      days: [day(42)],
    });

    // The cancelled reservation 3's days are free again.
    const overCancelled = await request(day(20), day(21), 'Over cancelled');
    expect(overCancelled.statusCode).toBe(201);

    // A closure over an old holding reservation is refused; over the rejected one's days it is made.
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const closing = await admin.post('/api/closures', {
      startDate: day(11),
      endDate: day(12),
      reason: 'Painting',
    });
    expect(closing.statusCode).toBe(409);
    expect(closing.json()).toMatchObject({ code: 'closure_over_reservations' });
    const overRejected = await admin.post('/api/closures', {
      startDate: day(30),
      endDate: day(31),
      reason: 'Painting',
    });
    expect(overRejected.statusCode).toBe(201);

    // The reset link mailed by the previous release still works, once.
    const reset = { token: ANNA_RESET, username: 'anna', newPassword: 'a-new-secret-456' };
    expect((await new TestClient(app).post('/api/auth/reset-password', reset)).statusCode).toBe(
      200,
    );
    expect((await new TestClient(app).post('/api/auth/reset-password', reset)).statusCode).toBe(
      400,
    );
    expect(
      (
        await new TestClient(app).post('/api/auth/login', {
          username: 'anna',
          password: 'a-new-secret-456',
        })
      ).statusCode,
    ).toBe(200);
  });
});
