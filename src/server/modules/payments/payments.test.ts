import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, documents, payments, reservations } from '../../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../payments/sandbox.js';
import { getOrCreateSecret } from '../../secrets.js';
import {
  TestClient,
  adminClient,
  loggedInClient,
  memberWithAccount,
  reserveDays,
  useTestApp,
} from '../../testing/harness.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

const member = memberWithAccount;

const reserve = (client: TestClient, offset?: number, length?: number, eventName?: string) =>
  reserveDays(t, client, offset, length, eventName);

interface EventOptions {
  reservationId: number;
  amountCents: number;
  currency?: string;
  id?: string;
  type?: string;
}

function sandboxEvent(o: EventOptions) {
  return JSON.stringify({
    id: o.id ?? `evt_${randomBytes(8).toString('hex')}`,
    type: o.type ?? 'payment.succeeded',
    data: {
      reservationId: o.reservationId,
      amountCents: o.amountCents,
      currency: o.currency ?? 'USD',
      reference: `ref_${randomBytes(4).toString('hex')}`,
    },
  });
}

const webhookSecret = () => getOrCreateSecret(t.db, 'sandbox-webhook');

/** Posts to the webhook like the provider would: no cookies, no CSRF header. */
function deliver(payload: string, signature: string | undefined, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }),
    },
    payload,
  });
}

async function deliverSigned(payload: string, timestamp?: number) {
  return deliver(payload, signSandboxPayload(await webhookSecret(), payload, timestamp));
}

const paymentStatusOf = async (client: TestClient, id: number) =>
  (
    (await client.get('/api/reservations/my-reservations')).json() as {
      id: number;
      paymentStatus: string;
    }[]
  ).find((r) => r.id === id)?.paymentStatus;

async function expectNothingPaid(client: TestClient, reservationId: number) {
  expect(await paymentStatusOf(client, reservationId)).toBe('unpaid');
  expect(await t.db.select().from(payments)).toHaveLength(0);
  expect(await t.db.select().from(documents)).toHaveLength(0);
  expect(t.mailer.sent.filter((m) => m.attachments?.length)).toHaveLength(0);
}

describe('GET /api/payments/config', () => {
  it('answers the provider, the daily rate and the currency', async () => {
    const { client } = await member(t, 'anna');
    const res = await client.get('/api/payments/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', dailyRateCents: 15000, currency: 'USD' });
  });

  it('needs a login', async () => {
    expect((await new TestClient(t.app).get('/api/payments/config')).statusCode).toBe(401);
  });
});

describe('POST /api/payments/{reservationId}/checkout', () => {
  it('gives the owner the sandbox frame with the inclusive day count', async () => {
    const { client } = await member(t, 'anna');
    for (const length of [1, 3, 7]) {
      const r = await reserve(client, 10 + length * 10, length);
      const res = await client.post(`/api/payments/${r.id}/checkout`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        kind: 'frame',
        url: `/pay/sandbox?reservationId=${r.id}&number=${length}`,
        scriptUrl: '/pay/embed.js',
      });
    }
  });

  it('works for an approved, unpaid reservation too', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    expect(
      (await admin.patch(`/api/reservations/${r.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    expect((await client.post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(200);
  });

  it("answers 404 for another member's reservation and for a missing one", async () => {
    const { client: a } = await member(t, 'anna');
    const { client: b } = await member(t, 'bob');
    const r = await reserve(a);
    const other = await b.post(`/api/payments/${r.id}/checkout`);
    expect(other.statusCode).toBe(404);
    const missing = await b.post('/api/payments/999999/checkout');
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    // Not even an administrator pays for someone else's reservation.
    const { client: admin } = await adminClient(t);
    expect((await admin.post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(404);
  });

  it('answers 409 for a paid, cancelled or rejected reservation', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await member(t, 'anna');
    const paid = await reserve(client, 10, 3);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: paid.id, amountCents: 45000 })))
        .statusCode,
    ).toBe(200);
    const cancelled = await reserve(client, 20, 1);
    expect((await client.patch(`/api/reservations/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const rejected = await reserve(client, 30, 1);
    expect(
      (await admin.patch(`/api/reservations/${rejected.id}/status`, { status: 'rejected' }))
        .statusCode,
    ).toBe(200);
    for (const r of [paid, cancelled, rejected]) {
      const res = await client.post(`/api/payments/${r.id}/checkout`);
      expect(res.statusCode, String(r.id)).toBe(409);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('needs a login and the CSRF header', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    expect((await new TestClient(t.app).post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(
      401,
    );
    const forged = await client.request({
      method: 'POST',
      url: `/api/payments/${r.id}/checkout`,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('POST /api/payments/webhook (sandbox)', () => {
  it('a signed event pays the reservation, stores the payment and a receipt, and mails it', async () => {
    const { client, user, account } = await member(t, 'anna');
    await t.db
      .update(accounts)
      .set({ primaryContactEmail: 'treasurer@church.test' })
      .where(eq(accounts.id, account.id));
    const r = await reserve(client, 10, 3, 'Spring retreat');
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000, id: 'evt_first' });
    const res = await deliverSigned(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'paid' });

    expect(await paymentStatusOf(client, r.id)).toBe('paid');
    const [payment] = await t.db.select().from(payments);
    expect(payment).toMatchObject({
      reservationId: r.id,
      provider: 'sandbox',
      eventId: 'evt_first',
      amountCents: 45000,
      currency: 'USD',
    });

    const docs = (await client.get('/api/documents')).json() as {
      id: number;
      description: string;
      reservationId: number | null;
      fileName: string;
      accountId: number;
      uploader: unknown;
    }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]!.description).toContain(`Reservation ID: ${r.id}`);
    expect(docs[0]).toMatchObject({ reservationId: r.id, accountId: account.id, uploader: null });
    expect(docs[0]!.fileName).toMatch(/\.pdf$/);

    const mails = t.mailer.sent.filter((m) => m.attachments?.length);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('treasurer@church.test');
    expect(mails[0]!.to).not.toBe(user.email);
    const attachment = mails[0]!.attachments![0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toMatch(/\.pdf$/);
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The mailed receipt is the stored one.
    const [row] = await t.db.select().from(documents);
    expect(Buffer.from(row!.content).equals(attachment.content)).toBe(true);
    expect(row!.fileSize).toBe(attachment.content.length);
  });

  it("mails the receipt to the user's email when the account has no primary contact email", async () => {
    const { client } = await member(t, 'anna', 'anna@example.org');
    const r = await reserve(client, 10, 2);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 30000 }))).statusCode,
    ).toBe(200);
    const mails = t.mailer.sent.filter((m) => m.attachments?.length);
    expect(mails.map((m) => m.to)).toEqual(['anna@example.org']);
  });

  it('answers 400 to a signed event of the wrong shape, changing nothing', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    for (const payload of [
      'null',
      '[]',
      JSON.stringify({ id: 'evt_1', type: 'payment.succeeded' }),
      JSON.stringify({
        id: 'evt_2',
        type: 'payment.succeeded',
        data: { reservationId: 'x', amountCents: 45000, currency: 'USD', reference: 'r' },
      }),
    ]) {
      const res = await deliverSigned(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    await expectNothingPaid(client, r.id);
  });

  it('needs no session and no CSRF header, but a valid signature', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000 });
    const secret = await webhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const good = signSandboxPayload(secret, payload, now);
    const bad: Record<string, string | undefined> = {
      missing: undefined,
      empty: '',
      garbage: 'not a signature',
      'no v1': `t=${now}`,
      'no t': good.split(',')[1],
      'other secret': signSandboxPayload('some-other-secret', payload, now),
      'flipped digit': good.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`),
      'other timestamp': good.replace(`t=${now}`, `t=${now - 1}`),
      'signature of another body': signSandboxPayload(
        secret,
        sandboxEvent({ reservationId: r.id, amountCents: 45000 }),
        now,
      ),
    };
    for (const [label, signature] of Object.entries(bad)) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, label).toBe(400);
      expect(typeof res.json().message, label).toBe('string');
    }
    // A body changed after signing.
    const tampered = payload.replace('45000', '45001');
    expect((await deliver(tampered, good)).statusCode).toBe(400);
    expect((await deliver('', good)).statusCode).toBe(400);
    await expectNothingPaid(client, r.id);

    // The genuine delivery still works.
    expect((await deliver(payload, good)).statusCode).toBe(200);
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
  });

  it('the same event delivered twice pays once and answers 200 both times', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000, id: 'evt_twice' });
    const first = await deliverSigned(payload);
    const second = await deliverSigned(payload);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().outcome).toBe('paid');
    expect(second.json().outcome).toBe('duplicate');
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.attachments?.length)).toHaveLength(1);
  });

  it('another event for an already paid reservation does not pay again', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }))).json()
        .outcome,
    ).toBe('paid');
    const again = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe('duplicate');
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
  });

  it('simultaneous deliveries of one event pay once', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000, id: 'evt_race' });
    const signature = signSandboxPayload(await webhookSecret(), payload);
    const results = await Promise.all(Array.from({ length: 6 }, () => deliver(payload, signature)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(results.filter((res) => res.json().outcome === 'paid')).toHaveLength(1);
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.attachments?.length)).toHaveLength(1);
  });

  it('simultaneous different events for one reservation pay once', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const secret = await webhookSecret();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => {
        const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000 });
        return deliver(payload, signSandboxPayload(secret, payload));
      }),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(results.filter((res) => res.json().outcome === 'paid')).toHaveLength(1);
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
  });

  it('a wrong amount or currency answers 400 and pays nothing', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client, 10, 3);
    for (const [amountCents, currency] of [
      [30000, 'USD'],
      [45001, 'USD'],
      [0, 'USD'],
      [-45000, 'USD'],
      [45000, 'EUR'],
    ] as const) {
      const res = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents, currency }));
      expect(res.statusCode, `${amountCents} ${currency}`).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    await expectNothingPaid(client, r.id);
  });

  it('a signature older (or newer) than 5 minutes answers 400', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const now = Math.floor(Date.now() / 1000);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000 });
    expect((await deliverSigned(payload, now - 301)).statusCode).toBe(400);
    expect((await deliverSigned(payload, now - 3600)).statusCode).toBe(400);
    expect((await deliverSigned(payload, now + 301)).statusCode).toBe(400);
    await expectNothingPaid(client, r.id);
    // Within the tolerance it is accepted.
    expect((await deliverSigned(payload, now - 240)).statusCode).toBe(200);
  });

  it('a cancelled reservation is not paid (409); an unknown one answers 404', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    await client.patch(`/api/reservations/${r.id}/cancel`);
    const cancelled = await deliverSigned(
      sandboxEvent({ reservationId: r.id, amountCents: 45000 }),
    );
    expect(cancelled.statusCode).toBe(409);
    const unknown = await deliverSigned(
      sandboxEvent({ reservationId: 999999, amountCents: 45000 }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await t.db.select().from(payments)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('a signed event of another type is acknowledged and ignored', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const res = await deliverSigned(
      sandboxEvent({ reservationId: r.id, amountCents: 45000, type: 'payment.refunded' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    await expectNothingPaid(client, r.id);
  });

  it('a signed body that is not JSON answers 400', async () => {
    const res = await deliverSigned('{not json');
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('a user without an account is paid and mailed, with no account document', async () => {
    const { client, user } = await loggedInClient(t, {
      username: 'loner',
      email: 'loner@example.org',
      accountId: null,
    });
    const r = await reserve(client);
    const res = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
    expect(await t.db.select().from(documents)).toHaveLength(0);
    expect(t.mailer.sent.filter((m) => m.attachments?.length).map((m) => m.to)).toEqual([
      user.email,
    ]);
  });
});

describe('GET /api/payments', () => {
  it('lists my payments after paying; another member does not see them', async () => {
    const { client: a } = await member(t, 'anna');
    const { client: b } = await member(t, 'bob');
    const r = await reserve(a, 10, 3);
    expect((await a.get('/api/payments')).json()).toEqual([]);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }))).statusCode,
    ).toBe(200);

    const mine = await a.get('/api/payments');
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as {
      reservationId: number;
      provider: string;
      reference: string;
      amountCents: number;
      currency: string;
      paidAt: string;
    }[];
    expect(list).toEqual([
      {
        reservationId: r.id,
        provider: 'sandbox',
        reference: expect.stringMatching(/^ref_/),
        amountCents: 45000,
        currency: 'USD',
        paidAt: expect.any(String),
      },
    ]);
    expect(Math.abs(Date.parse(list[0]!.paidAt) - Date.now())).toBeLessThan(60_000);

    expect((await b.get('/api/payments')).json()).toEqual([]);
    // Bob's receipts list does not hold Anna's receipt either.
    expect((await b.get('/api/documents')).json()).toEqual([]);
    expect((await new TestClient(t.app).get('/api/payments')).statusCode).toBe(401);
  });

  it('the reservation shows paid in my-reservations and stays there after an admin looks', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await member(t, 'anna');
    const r = await reserve(client, 10, 3);
    expect(r.paymentStatus).toBe('unpaid');
    await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    const all = (await admin.get('/api/reservations')).json() as {
      id: number;
      paymentStatus: string;
    }[];
    expect(all.find((x) => x.id === r.id)?.paymentStatus).toBe('paid');
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row!.paymentStatus).toBe('paid');
  });
});
