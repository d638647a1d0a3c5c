// The Stripe tests' events: checkout sessions completed, signed as Stripe signs
// them, and the app with PAYMENT_PROVIDER=stripe that receives them on its webhook.
import Stripe from 'stripe';
import { expect } from 'vitest';
import { memberWithAccount, reserveDays, useTestApp } from '../testing/harness.js';
import { postToWebhook } from '../testing/webhook.js';

export const WEBHOOK_SECRET = 'whsec_test';

// Only used to sign test payloads offline, as the official package does.
const stripe = new Stripe('sk_test_x');
export const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });

let counter = 0;
export function sessionCompleted(o: {
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

/** The app with PAYMENT_PROVIDER=stripe, its refunds sent to the fake Stripe API on `apiPort`. */
export function useStripeApp(apiPort: number) {
  const t = useTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${apiPort}`,
    FACILITY_TIMEZONE: 'America/Chicago',
  });

  function deliver(
    payload: string,
    signature: string | undefined,
    contentType = 'application/json; charset=utf-8',
  ) {
    return postToWebhook(t.app, payload, {
      contentType,
      signatureHeader: 'stripe-signature',
      signature,
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

  return { t, deliver, deliverSigned, setup };
}
