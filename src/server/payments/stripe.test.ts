import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../shared/dates.js';
import { documents, payments } from '../db/schema.js';
import { getOrCreateSecret } from '../secrets.js';
import { TestClient, createAccount, loggedInClient, useTestApp } from '../testing/harness.js';
import { WebhookSignatureError } from './provider.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox.js';
import { createStripeProvider } from './stripe.js';

const WEBHOOK_SECRET = 'whsec_test';
const t = useTestApp({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  FACILITY_TIMEZONE: 'America/Chicago',
});

// Only used to sign test payloads offline, as the official package does.
const stripe = new Stripe('sk_test_x');
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });

let counter = 0;
function sessionCompleted(o: {
  reservationId: number | string | null;
  amountTotal: number;
  currency?: string;
  paymentStatus?: string;
  type?: string;
  id?: string;
}) {
  counter += 1;
  return JSON.stringify({
    id: o.id ?? `evt_test_${counter}_${Date.now()}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type: o.type ?? 'checkout.session.completed',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `cs_test_${counter}`,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: o.paymentStatus ?? 'paid',
        amount_total: o.amountTotal,
        currency: o.currency ?? 'usd',
        metadata: o.reservationId === null ? {} : { reservationId: String(o.reservationId) },
        payment_intent: `pi_test_${counter}`,
      },
    },
  });
}

function deliver(
  payload: string,
  signature: string | undefined,
  contentType = 'application/json; charset=utf-8',
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

async function setup(length = 3) {
  const account = await createAccount(t.db, 'Church anna');
  const { client, user } = await loggedInClient(t, {
    username: 'anna',
    email: 'anna@example.org',
    accountId: account.id,
  });
  const first = addDays(todayIn('America/Chicago'), 10);
  const res = await client.post('/api/reservations', {
    startTime: startTimeOf(first),
    endTime: endTimeOf(addDays(first, length - 1)),
    eventName: 'Spring retreat',
    eventDescription: 'Youth group weekend',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client, user, account, reservation: res.json() as { id: number } };
}

const paymentStatusOf = async (client: TestClient, id: number) =>
  (
    (await client.get('/api/reservations/my-reservations')).json() as {
      id: number;
      paymentStatus: string;
    }[]
  ).find((r) => r.id === id)?.paymentStatus;

describe('the Stripe provider (unit)', () => {
  const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET });

  it('turns a verified checkout.session.completed into a payment event', async () => {
    const payload = sessionCompleted({ reservationId: 7, amountTotal: 45000, id: 'evt_unit' });
    const event = await provider.parseWebhook(Buffer.from(payload), {
      'stripe-signature': sign(payload),
    });
    expect(event).toEqual({
      eventId: 'evt_unit',
      reservationId: 7,
      amountCents: 45000,
      currency: 'USD',
      reference: expect.stringMatching(/^pi_test_/),
    });
  });

  it('throws WebhookSignatureError for a missing, wrong, foreign or stale signature', async () => {
    const payload = sessionCompleted({ reservationId: 7, amountTotal: 45000 });
    const body = Buffer.from(payload);
    const now = Math.floor(Date.now() / 1000);
    for (const headers of [
      {},
      { 'stripe-signature': '' },
      { 'stripe-signature': 'garbage' },
      { 'stripe-signature': sign(payload, 'whsec_other') },
      { 'stripe-signature': sign(payload, WEBHOOK_SECRET, now - 301) },
      { 'stripe-signature': sign(sessionCompleted({ reservationId: 7, amountTotal: 1 })) },
    ]) {
      await expect(
        provider.parseWebhook(body, headers),
        JSON.stringify(headers),
      ).rejects.toBeInstanceOf(WebhookSignatureError);
    }
  });

  it('ignores (null) other events, unpaid sessions and sessions without a reservation', async () => {
    for (const payload of [
      sessionCompleted({ reservationId: 7, amountTotal: 45000, type: 'payment_intent.succeeded' }),
      sessionCompleted({ reservationId: 7, amountTotal: 45000, paymentStatus: 'unpaid' }),
      sessionCompleted({ reservationId: null, amountTotal: 45000 }),
      sessionCompleted({ reservationId: 'abc', amountTotal: 45000 }),
    ]) {
      expect(
        await provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': sign(payload) }),
      ).toBeNull();
    }
  });
});

describe('POST /api/payments/webhook with PAYMENT_PROVIDER=stripe', () => {
  it('reports the stripe provider in the config and serves no sandbox form', async () => {
    const { client } = await setup();
    expect((await client.get('/api/payments/config')).json()).toEqual({
      provider: 'stripe',
      dailyRateCents: 15000,
      currency: 'USD',
    });
    // (The path may fall through to the web app's own 404 page, but never to the card form.)
    const form = await t.app.inject({
      method: 'GET',
      url: '/pay/sandbox?reservationId=1&number=1',
    });
    expect(form.body).not.toContain('cardNumber');
    expect(form.body).not.toContain('$150.00');
    expect(
      (await t.app.inject({ method: 'POST', url: '/pay/sandbox/charge', payload: {} })).statusCode,
    ).toBe(404);
  });

  it('a signed checkout.session.completed marks the reservation paid, with a receipt', async () => {
    const { client, reservation } = await setup(3);
    const payload = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      id: 'evt_app_1',
    });
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await paymentStatusOf(client, reservation.id)).toBe('paid');
    const rows = await t.db.select().from(payments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reservationId: reservation.id,
      provider: 'stripe',
      eventId: 'evt_app_1',
      amountCents: 45000,
      currency: 'USD',
    });
    expect(rows[0]!.reference).toMatch(/^pi_test_/);
    const docs = (await client.get('/api/documents')).json() as {
      description: string;
      reservationId: number;
    }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]!.description).toContain(`Reservation ID: ${reservation.id}`);
    expect(docs[0]!.reservationId).toBe(reservation.id);
    expect(t.mailer.sent.filter((m) => m.attachments?.length).map((m) => m.to)).toEqual([
      'anna@example.org',
    ]);
    const mine = (await client.get('/api/payments')).json() as { provider: string }[];
    expect(mine.map((p) => p.provider)).toEqual(['stripe']);

    // Stripe retries: the same event again pays once.
    const again = await deliver(payload, sign(payload));
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe('duplicate');
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
  });

  it('a bad Stripe-Signature answers 400 and pays nothing', async () => {
    const { client, reservation } = await setup(3);
    const payload = sessionCompleted({ reservationId: reservation.id, amountTotal: 45000 });
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      garbage: 'garbage',
      'other secret': sign(payload, 'whsec_other'),
      'older than 5 minutes': sign(payload, WEBHOOK_SECRET, now - 301),
      'body changed after signing': sign(payload.replace('45000', '4500')),
    };
    for (const [label, signature] of Object.entries(cases)) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, label).toBe(400);
      expect(typeof res.json().message, label).toBe('string');
    }
    // A sandbox signature means nothing to the Stripe provider.
    const sandboxSecret = await getOrCreateSecret(t.db, 'sandbox-webhook');
    const sandboxSigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(sandboxSecret, payload),
      },
      payload,
    });
    expect(sandboxSigned.statusCode).toBe(400);
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    expect(await t.db.select().from(payments)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('a wrong amount or currency answers 400; an unpaid session is acknowledged and ignored', async () => {
    const { client, reservation } = await setup(3);
    for (const [amountTotal, currency] of [
      [30000, 'usd'],
      [45000, 'eur'],
    ] as const) {
      const payload = sessionCompleted({ reservationId: reservation.id, amountTotal, currency });
      expect((await deliver(payload, sign(payload))).statusCode, `${amountTotal} ${currency}`).toBe(
        400,
      );
    }
    const unpaid = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      paymentStatus: 'unpaid',
    });
    const res = await deliver(unpaid, sign(unpaid));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('ignored');
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    expect(await t.db.select().from(payments)).toHaveLength(0);
  });
});
