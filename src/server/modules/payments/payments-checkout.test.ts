// Paying through the sandbox: the provider settings, the checkout that opens the
// card form for a member's own payable reservation, and who may charge with its token.
import { describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.js';
import {
  expectNothingPaid,
  goodCard,
  pdfMails,
  sandboxCheckout,
} from '../../testing/sandbox-checkout.js';
import {
  TestClient,
  adminClient,
  loggedInClient,
  memberWithAccount,
  paymentStatusOf,
  reserveDays,
} from '../../testing/harness.js';
import { sandboxEvent, usePaymentsApp } from './payments.testing.js';

const { t, deliverSigned, ledger } = usePaymentsApp();

describe('GET /api/payments/config', () => {
  it('answers the provider, the daily rate and the currency', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const res = await client.get('/api/payments/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', dailyRateCents: 15000, currency: 'USD' });
  });

  it('needs a login', async () => {
    const res = await new TestClient(t.app).get('/api/payments/config');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'unauthenticated' });
  });
});

describe('POST /api/payments/{reservationId}/checkout', () => {
  it('gives the owner the sandbox frame with the inclusive day count and a signed token', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    for (const length of [1, 3, 7]) {
      const r = await reserveDays(t, client, 10 + length * 10, length);
      const res = await client.post(`/api/payments/${r.id}/checkout`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        kind: 'frame',
        url: expect.stringMatching(
          new RegExp(`^/pay/sandbox\\?reservationId=${r.id}&number=${length}&token=[\\w.%-]+$`),
        ),
        scriptUrl: '/pay/embed.js',
      });
    }
  });

  it('works for an approved, unpaid reservation too', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    expect(
      (await admin.patch(`/api/reservations/${r.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    expect((await client.post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(200);
  });

  it("answers 404 for another member's reservation and for a missing one", async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, a);
    const other = await b.post(`/api/payments/${r.id}/checkout`);
    expect(other.statusCode).toBe(404);
    const missing = await b.post('/api/payments/999999/checkout');
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json().code).toBe('not_found');
    // Not even an administrator pays for someone else's reservation.
    const { client: admin } = await adminClient(t);
    expect((await admin.post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(404);
  });

  it('answers 409 not_payable for a paid, cancelled or rejected reservation', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'anna');
    const paid = await reserveDays(t, client, 10, 3);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: paid.id, amountCents: 45000 }))).json(),
    ).toEqual({ received: true, outcome: 'paid' });
    const cancelled = await reserveDays(t, client, 20, 1);
    expect((await client.patch(`/api/reservations/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const rejected = await reserveDays(t, client, 30, 1);
    expect(
      (await admin.patch(`/api/reservations/${rejected.id}/status`, { status: 'rejected' }))
        .statusCode,
    ).toBe(200);
    for (const r of [paid, cancelled, rejected]) {
      const res = await client.post(`/api/payments/${r.id}/checkout`);
      expect(res.statusCode, String(r.id)).toBe(409);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_payable' });
    }
  });

  it('needs a login and the CSRF header', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    expect((await new TestClient(t.app).post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(
      401,
    );
    const forged = await client.request({
      method: 'POST',
      url: `/api/payments/${r.id}/checkout`,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('csrf_failed');
  });
});

describe('POST /pay/sandbox/charge (who may pay)', () => {
  it("a visitor without cookies, holding a real token of someone else's reservation, gets 404 and nothing is written", async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const token = (await sandboxCheckout(client, r.id)).token;
    // No session cookie; the CSRF cookie and header are the visitor's own (any client can send both).
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/charge',
      headers: {
        cookie: 'XSRF-TOKEN=chosen-by-the-visitor',
        'x-xsrf-token': 'chosen-by-the-visitor',
      },
      payload: goodCard(token),
    });
    expect(visitor.statusCode, visitor.body).toBe(404);
    expect(visitor.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    // A visitor whose CSRF cookie the server set answers the same.
    const anonymous = await new TestClient(t.app).post('/pay/sandbox/charge', goodCard(token));
    expect(anonymous.statusCode, anonymous.body).toBe(404);
    expect(anonymous.json()).toEqual(visitor.json());
    // With no cookie at all, the CSRF check refuses it before anything else.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/charge',
      payload: goodCard(token),
    });
    expect(bare.statusCode, bare.body).toBe(403);
    expect(bare.json().code).toBe('csrf_failed');
    await expectNothingPaid(t, client, r.id);
    // The token still works for its own member.
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
  });

  it('another logged-in member with that token gets 404 and nothing is written', async () => {
    const { client, account } = await memberWithAccount(t, 'anna');
    const { client: bob } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, client, 10, 3);
    const token = (await sandboxCheckout(client, r.id)).token;
    const res = await bob.post('/pay/sandbox/charge', goodCard(token));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('not_found');
    // Not even a member of the same church, nor an administrator.
    const { client: carl } = await loggedInClient(t, { username: 'carl', accountId: account.id });
    expect((await carl.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(404);
    const { client: admin } = await adminClient(t);
    expect((await admin.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(404);
    await expectNothingPaid(t, client, r.id);
  });

  it('20 concurrent charges with one token: one 200, 19 × 409 nothing_owed, one charge entry', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const token = (await sandboxCheckout(client, r.id)).token;
    // The CSRF cookie is in place before the burst, so every request is the same.
    await client.get('/api/auth/status');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/pay/sandbox/charge', goodCard(token))),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(),
    ).toHaveLength(1);
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused, statuses.join()).toHaveLength(19);
    for (const res of refused) expect(res.json().code).toBe('nothing_owed');
    expect(await ledger()).toEqual([
      expect.objectContaining({ kind: 'charge', reservationId: r.id, amountCents: 45000 }),
    ]);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(pdfMails(t)).toHaveLength(1);
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
  });
});
