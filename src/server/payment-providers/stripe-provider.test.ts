// The Stripe provider on its own: reading and verifying Stripe's webhook events,
// and the refunds and checkout sessions it asks of a local fake of the Stripe API.
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.js';
import { WebhookSignatureError } from './provider.js';
import { createStripeProvider } from './stripe.js';
import {
  alreadyRefunded,
  refundCreated,
  refundObject,
  useFakeStripeApi,
} from './stripe-fake-api.testing.js';
import { WEBHOOK_SECRET, refundEvent, sessionCompleted, sign } from './stripe.testing.js';

const { api, apiPort } = await useFakeStripeApi();

describe('the Stripe provider (unit)', () => {
  const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET });

  it('turns a verified checkout.session.completed into a payment event with its session', async () => {
    const payload = sessionCompleted({
      reservationId: 7,
      amountTotal: 45000,
      id: 'evt_unit',
      sessionId: 'cs_unit',
      created: 1_790_000_000,
    });
    const event = await provider.parseWebhook(Buffer.from(payload), {
      'stripe-signature': sign(payload),
    });
    expect(event).toEqual({
      type: 'payment',
      eventId: 'evt_unit',
      reservationId: 7,
      amountCents: 45000,
      currency: 'USD',
      reference: expect.stringMatching(/^pi_test_/),
      session: { id: 'cs_unit', createdAt: new Date(1_790_000_000_000) },
    });
  });

  it('a bank debit: the completed session is pending, then paid or failed by its own events', async () => {
    const read = (payload: string) =>
      provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': sign(payload) });
    const base = { reservationId: 7, amountTotal: 45000, sessionId: 'cs_bank' };
    expect(await read(sessionCompleted({ ...base, paymentStatus: 'unpaid' }))).toMatchObject({
      type: 'payment_pending',
      sessionId: 'cs_bank',
    });
    expect(
      await read(sessionCompleted({ ...base, type: 'checkout.session.async_payment_succeeded' })),
    ).toMatchObject({ type: 'payment', amountCents: 45000, session: { id: 'cs_bank' } });
    expect(
      await read(
        sessionCompleted({
          ...base,
          paymentStatus: 'unpaid',
          type: 'checkout.session.async_payment_failed',
        }),
      ),
    ).toMatchObject({ type: 'payment_failed', sessionId: 'cs_bank' });
  });

  it('reads refund events with the refund this site asked for', async () => {
    const payload = refundEvent({
      refundId: 're_1',
      paymentIntent: 'pi_1',
      amount: 2500,
      status: 'succeeded',
      metadata: { refundId: '12' },
    });
    expect(
      await provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': sign(payload) }),
    ).toMatchObject({
      type: 'refund',
      reference: 're_1',
      status: 'succeeded',
      chargeReference: 'pi_1',
      amountCents: 2500,
      refundId: 12,
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

  it('ignores (null) other events and sessions where no money moved', async () => {
    for (const payload of [
      sessionCompleted({ reservationId: 7, amountTotal: 45000, type: 'payment_intent.succeeded' }),
      sessionCompleted({ reservationId: 7, amountTotal: 0 }),
      sessionCompleted({ reservationId: 7, amountTotal: 0, paymentStatus: 'no_payment_required' }),
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
    refundId: 3,
  };

  it('refund() posts /v1/refunds with the amount, the PaymentIntent, the reservation and the Idempotency-Key', async () => {
    api.answers.set('POST /v1/refunds', refundCreated());
    expect(await provider.refund(refundRequest)).toEqual({
      reference: 're_test_1',
      status: 'succeeded',
    });

    expect(api.requests).toHaveLength(1);
    const [req] = api.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/refunds');
    expect(req!.headers['idempotency-key']).toBe('refund-7-1');
    expect(req!.headers.authorization).toBe('Bearer sk_test_fake_key_123');
    expect(req!.body.get('amount')).toBe('22500');
    expect(req!.body.get('payment_intent')).toBe('pi_test_abc');
    expect(req!.body.get('metadata[reservationId]')).toBe('7');
    expect(req!.body.get('metadata[refundId]')).toBe('3');
  });

  it('sends the same Idempotency-Key again for the same refund, and no reservation without one', async () => {
    api.answers.set('POST /v1/refunds', refundCreated());
    const request = { ...refundRequest, reservationId: null, idempotencyKey: 'refund-x' };
    await provider.refund(request);
    await provider.refund(request);
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual(['refund-x', 'refund-x']);
    expect(api.requests[0]!.body.has('metadata[reservationId]')).toBe(false);
  });

  it('a 500 that Stripe lets be retried is retried by the package itself, with the same Idempotency-Key', async () => {
    let calls = 0;
    api.answers.set('POST /v1/refunds', (req) => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { error: { type: 'api_error', message: 'Try again.' } } }
        : { status: 200, body: refundObject(req) };
    });
    expect(await provider.refund(refundRequest)).toEqual({
      reference: 're_test_1',
      status: 'succeeded',
    });
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
    part: 'full' as const,
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
      sessionId: 'cs_test_1',
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
