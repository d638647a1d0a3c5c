// The Stripe tests' events: checkout sessions completed, signed as Stripe signs
// them, and the app with PAYMENT_PROVIDER=stripe that receives them on its webhook.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { reservations } from '../db/schema.js';
import { recordSession } from '../modules/payments/checkout-sessions.js';
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
let sessions = 0;
/** A signed-looking Stripe event about a checkout session (`sessionId`: one the test recorded). */
export function sessionCompleted(o: {
  reservationId: number | string | null;
  amountTotal: number;
  currency?: string;
  paymentStatus?: string;
  type?: string;
  id?: string;
  sessionId?: string;
  /** When the session was opened (seconds); now by default. */
  created?: number;
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
        id: o.sessionId ?? `cs_test_${counter}`,
        object: 'checkout.session',
        created: o.created ?? Math.floor(Date.now() / 1000),
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

/** A Stripe event about a refund (`refund.updated` unless `type` says otherwise). */
export function refundEvent(o: {
  refundId: string;
  paymentIntent: string;
  amount: number;
  status: string;
  metadata?: Record<string, string>;
  type?: string;
  id?: string;
}) {
  counter += 1;
  return JSON.stringify({
    id: o.id ?? `evt_refund_${counter}_${Date.now()}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type: o.type ?? 'refund.updated',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: o.refundId,
        object: 'refund',
        amount: o.amount,
        currency: 'usd',
        payment_intent: o.paymentIntent,
        metadata: o.metadata ?? {},
        status: o.status,
        created: Math.floor(Date.now() / 1000),
      },
    },
  });
}

/** The app with PAYMENT_PROVIDER=stripe, its refunds sent to the fake Stripe API on `apiPort`. */
export function useStripeApp(apiPort: number, options: Parameters<typeof useTestApp>[1] = {}) {
  const t = useTestApp(
    {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${apiPort}`,
      FACILITY_TIMEZONE: 'America/Chicago',
    },
    options,
  );

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

  /**
   * A checkout session this site opened for the reservation, as its checkout
   * records one (payments-checkout tests go through the route itself).
   */
  async function openedSession(reservationId: number, amountCents: number, userId?: number) {
    sessions += 1;
    const sessionId = `cs_test_opened_${sessions}_${Date.now()}`;
    const [owner] = await t.db
      .select({ userId: reservations.userId })
      .from(reservations)
      .where(eq(reservations.id, reservationId));
    await recordSession(t.db, {
      provider: 'stripe',
      sessionId,
      reservationId,
      userId: userId ?? owner!.userId,
      amountCents,
      currency: 'USD',
    });
    return sessionId;
  }

  /** A paid session this site opened for the reservation, as Stripe reports it. */
  async function paidSession(
    reservationId: number,
    amountTotal: number,
    o: Omit<Parameters<typeof sessionCompleted>[0], 'reservationId' | 'amountTotal'> = {},
  ) {
    const sessionId = await openedSession(reservationId, amountTotal);
    return sessionCompleted({ reservationId, amountTotal, sessionId, ...o });
  }

  return { t, deliver, deliverSigned, setup, openedSession, paidSession };
}
