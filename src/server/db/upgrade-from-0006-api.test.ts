/**
 * Upgrading a house from the release ending at migration 0006_mail_outbox to
 * this release: the members and the administrator see their data through the
 * HTTP API as before, logged in by the sessions that release gave out.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { endTimeOf, startTimeOf } from '../../shared/dates.js';
import { TestClient } from '../testing/harness.js';
import {
  ADMIN_SESSION,
  ANNA_SESSION,
  DOWNLOAD_KEY,
  HOLDING_IDS,
  RESERVATIONS,
  clientWithOldSession,
  receiptBytes,
  useUpgradedHouse,
} from './upgrade-from-0006.testing.js';

describe('upgrading a database of the release ending at 0006_mail_outbox', () => {
  const house = useUpgradedHouse();
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = house);
  });

  it('shows the member and the administrator their data through the API', async () => {
    // The session the previous release gave anna still logs her in.
    const anna = clientWithOldSession(app, ANNA_SESSION);
    expect((await anna.get('/api/auth/status')).json()).toMatchObject({
      authenticated: true,
      user: { username: 'anna', email: 'anna@stmark.test' },
    });
    // And so does her password.
    const annaByPassword = new TestClient(app);
    expect(
      (await annaByPassword.post('/api/auth/login', { username: 'anna', password: 'secret123' }))
        .statusCode,
    ).toBe(200);

    const mine = (await anna.get('/api/reservations/my-reservations')).json() as Record<
      string,
      unknown
    >[];
    // By first day; prices and the ledger's sums of each.
    expect(
      mine.map((r) => [
        r.id,
        r.status,
        r.paymentStatus,
        r.priceCents,
        r.paidCents,
        r.refundedCents,
      ]),
    ).toEqual([
      [4, 'approved', 'paid', 14000, 14000, 0],
      [1, 'approved', 'paid', 11000, 11000, 0],
      [2, 'pending', 'unpaid', 12000, 0, 0],
      [3, 'cancelled', 'paid', 13000, 13000, 6500],
      [5, 'rejected', 'unpaid', 15000, 0, 0],
    ]);
    // Their names and days as they were.
    expect(mine.map((r) => [r.id, r.eventName, r.startTime, r.endTime])).toEqual(
      [4, 1, 2, 3, 5].map((id) => {
        const [, , firstDay, lastDay, , , eventName] = RESERVATIONS[id - 1]!;
        return [id, eventName, startTimeOf(firstDay), endTimeOf(lastDay)];
      }),
    );
    expect(mine.find((r) => r.id === 3)).toMatchObject({ cancellationReason: 'Plans changed' });

    // The ledger of her church, with its amounts and documents.
    const ledger = (await anna.get('/api/payments')).json() as Record<string, unknown>[];
    expect(
      ledger
        .map((e) => [
          e.id,
          e.kind,
          e.reservationId,
          e.amountCents,
          e.currency,
          e.reference,
          e.documentId,
          e.createdAt,
        ])
        .sort((a, b) => (a[0] as number) - (b[0] as number)),
    ).toEqual([
      [1, 'charge', 1, 11000, 'USD', 'sbx_ref_1', 1, '2026-01-05T10:00:00.000Z'],
      [2, 'charge', 3, 13000, 'USD', 'sbx_ref_3', 2, '2026-01-06T10:00:00.000Z'],
      [3, 'refund', 3, 6500, 'USD', 'sbx_refund_3', 3, '2026-01-07T10:00:00.000Z'],
      [4, 'charge', 4, 14000, 'USD', 'sbx_ref_4', 4, '2026-01-08T10:00:00.000Z'],
    ]);
    expect(ledger.find((e) => e.id === 3)).toMatchObject({
      reason: 'Plans changed',
      accountName: 'St. Mark',
    });

    // Her church's documents: records and uploads, the other church's not; the bytes as stored.
    const docs = (await anna.get('/api/documents')).json() as {
      id: number;
      kind: string;
      fileName: string;
      fileSize: number;
      reservationId: number | null;
    }[];
    expect(docs.map((d) => [d.id, d.kind, d.fileName, d.reservationId]).sort()).toEqual([
      [1, 'receipt', 'receipt-reservation-1.pdf', 1],
      [2, 'receipt', 'receipt-reservation-3.pdf', 3],
      [3, 'credit_note', 'credit-note-reservation-3.pdf', 3],
      [4, 'receipt', 'receipt-reservation-4.pdf', 4],
      [5, 'upload', 'minutes.pdf', null],
    ]);
    const link = await anna.get('/api/documents/1/download');
    expect(link.statusCode).toBe(200);
    const { downloadUrl } = link.json() as { downloadUrl: string };
    // Signed with the key the previous release kept in app_secrets.
    const params = new URL(downloadUrl, 'http://site.test').searchParams;
    expect(params.get('sig')).toBe(
      createHmac('sha256', DOWNLOAD_KEY)
        .update(`1.${params.get('exp')}.${params.get('disposition')}`)
        .digest('base64url'),
    );
    const file = await app.inject({ method: 'GET', url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(receiptBytes)).toBe(true);
    // The credit note is still a record.
    const del = await anna.delete('/api/documents/3');
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'document_is_record' });

    // Her church's profile and history.
    expect((await anna.get('/api/account/profile')).json()).toMatchObject({
      accountName: 'St. Mark',
      primaryContactEmail: 'office@stmark.test',
      responsiblePersons: [
        { fullName: 'Rev. Paul', email: 'paul@stmark.test' },
        { fullName: 'Martha Keys', address: '2 Church Rd' },
      ],
    });
    const history = (await anna.get('/api/account/history')).json() as {
      id: number;
      kind: string;
    }[];
    expect(history.map((h) => [h.id, h.kind])).toEqual([
      [4, 'document_uploaded'],
      [3, 'payment_refunded'],
      [2, 'payment_received'],
      [1, 'reservation_requested'],
    ]);

    // Her personal feed (a token made now, for an old user) has her old reservations by name.
    const feed = (await anna.get('/api/calendar/feed')).json() as { url: string };
    const ics = (await app.inject({ method: 'GET', url: new URL(feed.url).pathname })).body;
    expect(ics).toContain('SUMMARY:Paid retreat');
    expect(ics).toMatch(/UID:reservation-3@site\.test[\s\S]*?STATUS:CANCELLED/);

    // The administrator, by the old session: every reservation, the pending registration, the money.
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const all = (await admin.get('/api/reservations')).json() as Record<string, unknown>[];
    expect(all.map((r) => [r.id, r.status, r.paymentStatus, r.accountName]).sort()).toEqual(
      RESERVATIONS.map(([id, userId, , , status, paymentStatus]) => [
        id,
        status,
        paymentStatus,
        userId === 2 ? 'St. Mark' : 'Grace Chapel',
      ]),
    );
    expect((await admin.get('/api/reservations/counts')).json()).toEqual({
      pending: 1,
      approved: 3,
      rejected: 1,
      cancelled: 2,
    });
    expect((await admin.get('/api/users/pending')).json()).toEqual([
      expect.objectContaining({ username: 'ben', email: 'ben@new.test' }),
    ]);
    expect((await admin.get('/api/payments')).json()).toHaveLength(4);
    expect((await admin.get('/api/payments/summary')).json()).toEqual({
      currency: 'USD',
      receivedCents: 11000 + 13000 + 14000,
      refundedCents: 6500,
      // The unpaid reservations that hold their days: 2 (pending) and 6 (approved).
      outstandingCents: 12000 + 36000,
    });
    const grace = (await admin.get('/api/documents?accountId=2')).json() as { fileName: string }[];
    expect(grace.map((d) => d.fileName)).toEqual(['choir.pdf']);

    // Everyone's calendar shows the holding reservations' days, and only theirs.
    const months = new Set(RESERVATIONS.flatMap((r) => [r[2].slice(0, 7), r[3].slice(0, 7)]));
    const shown = new Set<string>();
    for (const month of months) {
      const [year, m] = month.split('-');
      const res = await new TestClient(app).get(
        `/api/reservations/public-calendar?year=${year}&month=${Number(m)}`,
      );
      expect(res.statusCode).toBe(200);
      for (const e of res.json() as { startTime: string; endTime: string }[])
        shown.add(`${e.startTime} ${e.endTime}`);
    }
    expect([...shown].sort()).toEqual(
      RESERVATIONS.filter((r) => HOLDING_IDS.includes(r[0]))
        .map((r) => `${startTimeOf(r[2])} ${endTimeOf(r[3])}`)
        .sort(),
    );
    const publicIcs = (await new TestClient(app).get('/api/calendar/public.ics')).body;
    for (const [id] of RESERVATIONS) {
      const uid = `UID:reservation-${id}@site.test`;
      if (HOLDING_IDS.includes(id)) expect(publicIcs).toContain(uid);
      else expect(publicIcs).not.toContain(uid);
    }
  });
});
