import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { accountEvents, documents, ledgerEntries } from '../db/schema.js';
import { getOrCreateSecret } from '../secrets.js';
import { freePort } from '../testing/free-port.js';
import {
  adminClient,
  memberWithAccount,
  myReservation,
  paymentStatusOf,
  reserveDays,
  useTestApp,
} from '../testing/harness.js';
import { WebhookSignatureError } from './provider.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox.js';
import { createStripeProvider } from './stripe.js';

/** One request the fake Stripe API received. */
interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, as Stripe's package sends it (`metadata[reservationId]=7`). */
  body: URLSearchParams;
}
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A local stand-in for api.stripe.com: records every request and answers with
 * what the test set for `METHOD /path`. The official package talks to it over
 * plain HTTP, so the requests checked here are the ones it would send to Stripe.
 */
function fakeStripeApi() {
  const requests: Recorded[] = [];
  const answers = new Map<string, (req: Recorded) => Answer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://fake.test').pathname,
        headers: req.headers,
        body: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(recorded);
      const answer = answers.get(`${recorded.method} ${recorded.path}`)?.(recorded) ?? {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } },
      };
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_fake_${requests.length}`,
        ...answer.headers,
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  return {
    requests,
    answers,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    async stop() {
      // The package keeps connections alive; close them so the server can stop.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((e) => (e ? reject(e) : resolve())),
      );
    },
  };
}

const refundObject = (req: Recorded, patch: Record<string, unknown> = {}) => ({
  id: 're_test_1',
  object: 'refund',
  amount: Number(req.body.get('amount')),
  currency: 'usd',
  payment_intent: req.body.get('payment_intent'),
  metadata: req.body.get('metadata[reservationId]')
    ? { reservationId: req.body.get('metadata[reservationId]') }
    : {},
  status: 'succeeded',
  created: Math.floor(Date.now() / 1000),
  ...patch,
});

/** Stripe's answer to a refund it made: the refund asked for, with `patch` applied. */
const refundCreated =
  (patch: Record<string, unknown> = {}) =>
  (req: Recorded): Answer => ({ status: 200, body: refundObject(req, patch) });

/** Stripe's 400 to a refund of a charge it refunded already, saying `message`. */
const alreadyRefunded = (message: string) => (): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message } },
});

/**
 * One fake for the whole file, started before the app's env is fixed: the
 * provider's unit tests call it directly and the app built with
 * STRIPE_API_URL sends its refunds there, never to api.stripe.com.
 */
const api = fakeStripeApi();
const apiPort = await api.start();
afterAll(() => api.stop());
beforeEach(() => {
  api.requests.length = 0;
  api.answers.clear();
});
/** What the fake received on `METHOD /path`. */
const received = (route: string) => api.requests.filter((r) => `${r.method} ${r.path}` === route);

const WEBHOOK_SECRET = 'whsec_test';
const t = useTestApp({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: `http://127.0.0.1:${apiPort}`,
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

/** Delivers `payload` signed as Stripe signs it; the webhook must acknowledge it with `outcome`. */
async function deliverSigned(payload: string, outcome: string) {
  const res = await deliver(payload, sign(payload));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true, outcome });
}

/** anna, a member of her own church, with a reservation of `length` days from ten days ahead. */
async function setup(length = 3) {
  const { client, user, account } = await memberWithAccount(t, 'anna');
  const { id } = await reserveDays(t, client, 10, length);
  return { client, user, account, reservation: { id } };
}

const paymentIntentOf = (payload: string) =>
  (JSON.parse(payload) as { data: { object: { payment_intent: string } } }).data.object
    .payment_intent;

/** A reservation the admin approved and Stripe's webhook paid in full ($450.00), with that admin. */
async function paidReservation() {
  const made = await setup(3);
  const { client: admin } = await adminClient(t);
  const approved = await admin.patch(`/api/reservations/${made.reservation.id}/status`, {
    status: 'approved',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const payload = sessionCompleted({ reservationId: made.reservation.id, amountTotal: 45000 });
  await deliverSigned(payload, 'paid');
  expect(await paymentStatusOf(made.client, made.reservation.id)).toBe('paid');
  const docs = (await made.client.get('/api/documents')).json() as { kind: string }[];
  expect(docs.map((d) => d.kind)).toEqual(['receipt']);
  return {
    ...made,
    admin,
    reservation: { ...made.reservation, paymentIntent: paymentIntentOf(payload) },
  };
}

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

describe('the Stripe provider against a local fake of the Stripe API', () => {
  const provider = createStripeProvider({
    secretKey: 'sk_test_fake_key_123',
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: apiPort,
    protocol: 'http',
  });

  const refundRequest = {
    chargeReference: 'pi_test_abc',
    amountCents: 22500,
    currency: 'USD',
    idempotencyKey: 'refund-7-1',
    reservationId: 7,
  };

  it('refund() posts /v1/refunds with the amount, the PaymentIntent, the reservation and the Idempotency-Key', async () => {
    api.answers.set('POST /v1/refunds', refundCreated());
    expect(await provider.refund(refundRequest)).toEqual({ reference: 're_test_1' });

    expect(api.requests).toHaveLength(1);
    const [req] = api.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/refunds');
    expect(req!.headers['idempotency-key']).toBe('refund-7-1');
    expect(req!.headers.authorization).toBe('Bearer sk_test_fake_key_123');
    expect(req!.body.get('amount')).toBe('22500');
    expect(req!.body.get('payment_intent')).toBe('pi_test_abc');
    expect(req!.body.get('metadata[reservationId]')).toBe('7');
  });

  it('sends the same Idempotency-Key again for the same refund, and no metadata without a reservation', async () => {
    api.answers.set('POST /v1/refunds', refundCreated());
    const request = { ...refundRequest, reservationId: null, idempotencyKey: 'refund-x' };
    await provider.refund(request);
    await provider.refund(request);
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual(['refund-x', 'refund-x']);
    expect([...api.requests[0]!.body.keys()].some((k) => k.startsWith('metadata'))).toBe(false);
  });

  it('a 500 that Stripe lets be retried is retried by the package itself, with the same Idempotency-Key', async () => {
    let calls = 0;
    api.answers.set('POST /v1/refunds', (req) => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { error: { type: 'api_error', message: 'Try again.' } } }
        : { status: 200, body: refundObject(req) };
    });
    expect(await provider.refund(refundRequest)).toEqual({ reference: 're_test_1' });
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'refund-7-1',
      'refund-7-1',
    ]);
  });

  it('refund() throws when Stripe answers an error, without Stripe’s text or the key', async () => {
    api.answers.set(
      'POST /v1/refunds',
      alreadyRefunded('Charge ch_1 has already been refunded. (key sk_test_fake_key_123)'),
    );
    const error = await provider.refund(refundRequest).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/refused the refund/);
    expect(message).toContain('charge_already_refunded');
    expect(message).not.toContain('sk_test');
    expect(message).not.toContain('already been refunded');
    // A 4xx is final: the package does not retry it.
    expect(api.requests).toHaveLength(1);
  });

  it('refund() throws when the API cannot be reached', async () => {
    const port = await freePort();
    const unreachable = createStripeProvider({
      secretKey: 'sk_test_fake_key_123',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port,
      protocol: 'http',
    });
    await expect(unreachable.refund(refundRequest)).rejects.toThrow(
      'The payment provider could not be reached for the refund.',
    );
  });

  it('refund() throws when Stripe created the refund as failed', async () => {
    api.answers.set(
      'POST /v1/refunds',
      refundCreated({ status: 'failed', failure_reason: 'expired_or_canceled_card' }),
    );
    await expect(provider.refund(refundRequest)).rejects.toThrow(/refused the refund/);
  });

  const checkoutRequest = {
    reservationId: 7,
    dayCount: 3,
    amountCents: 45000,
    currency: 'USD',
    eventName: 'Spring retreat',
    token: 'unused-by-stripe',
    successUrl: 'https://house.test/payments?paid=7',
    cancelUrl: 'https://house.test/payments',
  };
  const sessionAnswer = () => ({
    status: 200,
    body: {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'payment',
      url: 'https://checkout.stripe.test/c/pay/cs_test_1',
    },
  });

  it('checkout() creates a hosted session for the amount, tagged with the reservation', async () => {
    api.answers.set('POST /v1/checkout/sessions', sessionAnswer);
    expect(await provider.checkout(checkoutRequest)).toEqual({
      kind: 'redirect',
      url: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });
    expect(api.requests).toHaveLength(1);
    const { method, path, body } = api.requests[0]!;
    expect(`${method} ${path}`).toBe('POST /v1/checkout/sessions');
    expect(body.get('mode')).toBe('payment');
    expect(body.get('line_items[0][quantity]')).toBe('3');
    expect(body.get('line_items[0][price_data][unit_amount]')).toBe('15000');
    expect(body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(body.get('line_items[0][price_data][product_data][name]')).toContain('Spring retreat');
    expect(body.has('line_items[1][quantity]')).toBe(false);
    expect(body.get('metadata[reservationId]')).toBe('7');
    expect(body.get('payment_intent_data[metadata][reservationId]')).toBe('7');
    expect(body.get('success_url')).toBe(checkoutRequest.successUrl);
    expect(body.get('cancel_url')).toBe(checkoutRequest.cancelUrl);
    // The sandbox's form token means nothing to Stripe and is not sent there.
    expect([...body.values()]).not.toContain(checkoutRequest.token);
  });

  it('checkout() charges exactly the amount when the days cost different rates', async () => {
    api.answers.set('POST /v1/checkout/sessions', sessionAnswer);
    // 2 days at $150 and 1 at $100: no whole-cent price per day gives $400.00.
    await provider.checkout({ ...checkoutRequest, amountCents: 40000 });
    const { body } = api.requests[0]!;
    const quantity = Number(body.get('line_items[0][quantity]'));
    const unit = Number(body.get('line_items[0][price_data][unit_amount]'));
    expect(quantity * unit).toBe(40000);
    expect(body.get('line_items[0][price_data][product_data][name]')).toContain('3 days');
  });

  it('checkout() throws when Stripe answers an error', async () => {
    api.answers.set('POST /v1/checkout/sessions', () => ({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
    }));
    await expect(provider.checkout(checkoutRequest)).rejects.toBeInstanceOf(Error);
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
    // With the session's CSRF header, so only the missing route can refuse it.
    expect((await client.post('/pay/sandbox/charge', {})).statusCode).toBe(404);
  });

  it('a signed checkout.session.completed marks the reservation paid, with a receipt', async () => {
    const { client, reservation } = await setup(3);
    const payload = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      id: 'evt_app_1',
    });
    await deliverSigned(payload, 'paid');
    expect(await paymentStatusOf(client, reservation.id)).toBe('paid');
    const rows = await t.db.select().from(ledgerEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'charge',
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
    await deliverSigned(payload, 'duplicate');
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(1);
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
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('a wrong amount is recorded and refunded at once through Stripe, with a credit note', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_wrong_amount' }));
    const { client, account, reservation } = await setup(3);
    const payload = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 30000,
      id: 'evt_wrong_amount',
    });
    const paymentIntent = paymentIntentOf(payload);

    await deliverSigned(payload, 'refunded');

    // Stripe was asked, with a key, to give back exactly what the event charged.
    const refunds = received('POST /v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers.authorization).toBe('Bearer sk_test_x');
    expect(refunds[0]!.headers['idempotency-key']).toEqual(expect.stringMatching(/\S/));
    expect(refunds[0]!.body.get('payment_intent')).toBe(paymentIntent);
    expect(refunds[0]!.body.get('amount')).toBe('30000');
    expect(refunds[0]!.body.get('metadata[reservationId]')).toBe(String(reservation.id));

    // The ledger holds both: the money that came in and the money that went back.
    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      kind: 'charge',
      reservationId: reservation.id,
      accountId: account.id,
      provider: 'stripe',
      eventId: 'evt_wrong_amount',
      reference: paymentIntent,
      amountCents: 30000,
      currency: 'USD',
    });
    expect(rows[1]).toMatchObject({
      kind: 'refund',
      reservationId: reservation.id,
      accountId: account.id,
      provider: 'stripe',
      reference: 're_wrong_amount',
      amountCents: 30000,
      currency: 'USD',
      chargeId: rows[0]!.id,
    });
    expect(rows[1]!.reason).toMatch(/did not match/);

    // Nothing was paid: no receipt, a credit note for the church.
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    const docs = await t.db.select().from(documents);
    expect(docs.map((d) => d.kind)).toEqual(['credit_note']);
    expect(docs[0]).toMatchObject({ accountId: account.id, reservationId: reservation.id });
    expect(rows[1]!.documentId).toBe(docs[0]!.id);
    const mine = (await client.get('/api/documents')).json() as { kind: string }[];
    expect(mine.map((d) => d.kind)).toEqual(['credit_note']);
    const mail = t.mailer.last('anna@example.org');
    expect(mail?.subject).toMatch(/refund of \$300\.00/);
    expect(mail?.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);

    // Stripe delivers the event again: nothing is refunded twice.
    await deliverSigned(payload, 'duplicate');
    expect(received('POST /v1/refunds')).toHaveLength(1);
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(2);
  });

  it('a payment Stripe refuses to refund is kept on the ledger and answered 200, so Stripe stops redelivering', async () => {
    api.answers.set('POST /v1/refunds', alreadyRefunded('Already refunded.'));
    const { account, reservation } = await setup(3);
    const payload = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 30000,
      id: 'evt_refused',
    });
    await deliverSigned(payload, 'refund_failed');
    const rows = await t.db.select().from(ledgerEntries);
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([['charge', 30000]]);
    expect(rows[0]!.reason).toMatch(/did not match/);
    const events = await t.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.kind, 'payment_refund_failed'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ accountId: account.id, reservationId: reservation.id });
    await deliverSigned(payload, 'duplicate');
  });

  it('a wrong currency is refunded too; an unpaid session is acknowledged and ignored', async () => {
    api.answers.set('POST /v1/refunds', refundCreated());
    const { client, reservation } = await setup(3);
    const wrong = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      currency: 'eur',
    });
    await deliverSigned(wrong, 'refunded');
    expect(received('POST /v1/refunds').map((r) => r.body.get('amount'))).toEqual(['45000']);
    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows.map((r) => [r.kind, r.amountCents, r.currency])).toEqual([
      ['charge', 45000, 'EUR'],
      ['refund', 45000, 'EUR'],
    ]);

    const unpaid = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      paymentStatus: 'unpaid',
    });
    await deliverSigned(unpaid, 'ignored');
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(2);
    expect(received('POST /v1/refunds')).toHaveLength(1);
  });

  it('an admin rejecting a paid reservation refunds the part they chose through Stripe', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_partial' }));
    const { client, admin, reservation } = await paidReservation();
    const part = 20000;

    const rejected = await admin.patch(`/api/reservations/${reservation.id}/status`, {
      status: 'rejected',
      refundCents: part,
      refundReason: 'Partial',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      id: reservation.id,
      status: 'rejected',
      paidCents: 45000,
      refundedCents: part,
    });

    const refunds = received('POST /v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body.get('amount')).toBe(String(part));
    expect(refunds[0]!.body.get('payment_intent')).toBe(reservation.paymentIntent);
    expect(refunds[0]!.headers['idempotency-key']).toEqual(expect.stringMatching(/\S/));

    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows.map((r) => [r.kind, r.amountCents, r.reference])).toEqual([
      ['charge', 45000, reservation.paymentIntent],
      ['refund', part, 're_partial'],
    ]);
    expect(rows[1]).toMatchObject({ chargeId: rows[0]!.id, reason: 'Partial' });
    const kinds = ((await client.get('/api/documents')).json() as { kind: string }[])
      .map((d) => d.kind)
      .sort();
    expect(kinds).toEqual(['credit_note', 'receipt']);
  });

  it('a refund Stripe fails changes nothing (502); the retry sends the same Idempotency-Key', async () => {
    let calls = 0;
    api.answers.set('POST /v1/refunds', (req) => {
      calls += 1;
      // A final failure: Stripe's header tells the package not to retry it itself.
      if (calls === 1) {
        return {
          status: 500,
          headers: { 'stripe-should-retry': 'false' },
          body: { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } },
        };
      }
      return { status: 200, body: refundObject(req, { id: 're_retried' }) };
    });
    const { client, admin, reservation } = await paidReservation();
    const part = 20000;
    const reject = () =>
      admin.patch(`/api/reservations/${reservation.id}/status`, {
        status: 'rejected',
        refundCents: part,
        refundReason: 'Partial',
      });
    const snapshot = async () => ({
      reservation: (await myReservation(client, reservation.id)) ?? null,
      ledger: await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
      documents: (await t.db.select({ id: documents.id, kind: documents.kind }).from(documents))
        .map((d) => `${d.id} ${d.kind}`)
        .sort(),
      events: (await t.db.select({ id: accountEvents.id }).from(accountEvents)).length,
      mails: t.mailer.sent.length,
    });
    const before = await snapshot();
    expect(before.reservation).toMatchObject({
      status: 'approved',
      paymentStatus: 'paid',
      refundedCents: 0,
    });

    const failed = await reject();
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json().code).toBe('payment_provider_failed');
    expect(await snapshot()).toEqual(before);
    expect(before.ledger.map((r) => r.kind)).toEqual(['charge']);

    const retried = await reject();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'rejected', refundedCents: part });

    const refunds = received('POST /v1/refunds');
    expect(refunds).toHaveLength(2);
    const [first, second] = refunds.map((r) => r.headers['idempotency-key']);
    expect(first).toEqual(expect.stringMatching(/\S/));
    expect(second).toBe(first);
    expect(refunds.map((r) => r.body.get('amount'))).toEqual([String(part), String(part)]);
    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows.map((r) => [r.kind, r.amountCents, r.reference])).toEqual([
      ['charge', 45000, reservation.paymentIntent],
      ['refund', part, 're_retried'],
    ]);
  });
});
