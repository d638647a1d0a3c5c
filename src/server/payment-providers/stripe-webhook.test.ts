// The app with PAYMENT_PROVIDER=stripe: it offers no sandbox form, and a checkout
// session completed and signed by Stripe pays the reservation, while a bad signature pays nothing.
import { describe, expect, it } from 'vitest';
import { documents, ledgerEntries } from '../db/schema.js';
import { getOrCreateSecret } from '../secrets.js';
import { paymentStatusOf } from '../testing/harness.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox.js';
import { useFakeStripeApi } from './stripe-fake-api.testing.js';
import { WEBHOOK_SECRET, sessionCompleted, sign, useStripeApp } from './stripe.testing.js';

const { apiPort } = await useFakeStripeApi();
const { t, deliver, deliverSigned, setup, paidSession } = useStripeApp(apiPort);

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
    const payload = await paidSession(reservation.id, 45000, { id: 'evt_app_1' });
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
});
