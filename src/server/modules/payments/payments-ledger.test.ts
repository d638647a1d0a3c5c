// The payments ledger (GET /api/payments): a church sees its own entries, an
// administrator sees and filters all of them, and a paid reservation shows it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, reservations } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  loggedInClient,
  memberWithAccount,
  myReservation,
  reserveDays,
  type MyReservation,
} from '../../testing/harness.js';
import { sandboxEvent, usePaymentsApp } from './payments.testing.js';

const { t, deliverSigned } = usePaymentsApp();

describe('GET /api/payments (the ledger)', () => {
  it("lists my church's entries after paying; another church does not see them", async () => {
    const { client: a, account } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, a, 10, 3, 'Spring retreat');
    expect((await a.get('/api/payments')).json()).toEqual([]);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }))).statusCode,
    ).toBe(200);

    const mine = await a.get('/api/payments');
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as { createdAt: string; documentId: number }[];
    const [receipt] = await t.db.select().from(documents);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        reservationId: r.id,
        kind: 'charge',
        amountCents: 45000,
        currency: 'USD',
        provider: 'sandbox',
        reference: expect.stringMatching(/^ref_/),
        createdAt: expect.any(String),
        documentId: receipt!.id,
        accountId: account.id,
        accountName: 'Church anna',
        eventName: 'Spring retreat',
        firstDay: r.first,
        lastDay: r.last,
        reason: null,
      },
    ]);
    expect(Math.abs(Date.parse(list[0]!.createdAt) - Date.now())).toBeLessThan(60_000);

    expect((await b.get('/api/payments')).json()).toEqual([]);
    // Bob's documents do not hold Anna's receipt either.
    expect((await b.get('/api/documents')).json()).toEqual([]);
    expect((await new TestClient(t.app).get('/api/payments')).statusCode).toBe(401);
  });

  it("another member of the same church sees the church's entries; a member of no church sees none", async () => {
    const { client: anna, account } = await memberWithAccount(t, 'anna');
    const { client: carl } = await loggedInClient(t, {
      username: 'carl',
      accountId: account.id,
    });
    const { client: loner } = await loggedInClient(t, { username: 'loner', accountId: null });
    const r = await reserveDays(t, anna, 10, 3);
    const lonerR = await reserveDays(t, loner, 20, 1);
    await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    await deliverSigned(sandboxEvent({ reservationId: lonerR.id, amountCents: 15000 }));
    const seen = (await carl.get('/api/payments')).json() as { reservationId: number }[];
    expect(seen.map((e) => e.reservationId)).toEqual([r.id]);
    expect((await loner.get('/api/payments')).json()).toEqual([]);
  });

  it('an administrator sees every entry, newest first, and filters them', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a, account: churchA } = await memberWithAccount(t, 'anna');
    const { client: b, account: churchB } = await memberWithAccount(t, 'bob');
    const ra = await reserveDays(t, a, 10, 3);
    const rb = await reserveDays(t, b, 20, 1);
    await deliverSigned(sandboxEvent({ reservationId: ra.id, amountCents: 45000 }));
    await deliverSigned(sandboxEvent({ reservationId: rb.id, amountCents: 15000 }));
    // A second, refunded payment for Bob's reservation.
    await deliverSigned(sandboxEvent({ reservationId: rb.id, amountCents: 15000 }));

    type Entry = { id: number; kind: string; reservationId: number; accountId: number };
    const all = (await admin.get('/api/payments')).json() as Entry[];
    expect(all.map((e) => [e.kind, e.reservationId])).toEqual([
      ['refund', rb.id],
      ['charge', rb.id],
      ['charge', rb.id],
      ['charge', ra.id],
    ]);
    const ids = all.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const ofA = (await admin.get(`/api/payments?accountId=${churchA.id}`)).json() as Entry[];
    expect(ofA.map((e) => e.accountId)).toEqual([churchA.id]);
    const ofRb = (await admin.get(`/api/payments?reservationId=${rb.id}`)).json() as Entry[];
    expect(ofRb).toHaveLength(3);
    expect(new Set(ofRb.map((e) => e.accountId))).toEqual(new Set([churchB.id]));

    const page = await admin.get('/api/payments?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('4');
    expect((page.json() as Entry[]).map((e) => e.id)).toEqual(ids.slice(1, 3));

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await admin.get(`/api/payments?from=${tomorrow}`)).json()).toEqual([]);
    expect(
      ((await admin.get(`/api/payments?to=${tomorrow}`)).json() as Entry[]).map((e) => e.id),
    ).toEqual(ids);

    // A member's filters stay within their church.
    const asBob = (await b.get(`/api/payments?accountId=${churchA.id}`)).json() as Entry[];
    expect(asBob.every((e) => e.accountId === churchB.id)).toBe(true);
    expect((await b.get(`/api/payments?reservationId=${ra.id}`)).json()).toEqual([]);
  });

  it('the reservation shows paid in my-reservations and stays there after an admin looks', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    expect(r.paymentStatus).toBe('unpaid');
    expect(await myReservation(client, r.id)).toMatchObject({
      priceCents: 45000,
      currency: 'USD',
      paidCents: 0,
      refundedCents: 0,
      accountName: 'Church anna',
    });
    await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    const all = (await admin.get('/api/reservations')).json() as MyReservation[];
    expect(all.find((x) => x.id === r.id)).toMatchObject({
      paymentStatus: 'paid',
      paidCents: 45000,
      refundedCents: 0,
    });
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row!.paymentStatus).toBe('paid');
    expect(await myReservation(client, r.id)).toMatchObject({ paymentStatus: 'paid' });
  });
});
