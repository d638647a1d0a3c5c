import Stripe from 'stripe';
import type { Checkout, CheckoutRequest, PaymentEvent, PaymentProvider } from './provider.js';
import { WebhookSignatureError } from './provider.js';

/** Stripe's hosted checkout; its webhook is verified by the official package. */
export function createStripeProvider(opts: { secretKey: string; webhookSecret: string }): PaymentProvider {
  const stripe = new Stripe(opts.secretKey);
  return {
    name: 'stripe',
    async checkout(request: CheckoutRequest): Promise<Checkout> {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: request.dayCount,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: Math.round(request.amountCents / request.dayCount),
              product_data: { name: `${request.eventName} (reservation ${request.reservationId})` },
            },
          },
        ],
        metadata: { reservationId: String(request.reservationId) },
        payment_intent_data: { metadata: { reservationId: String(request.reservationId) } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
      return { kind: 'redirect', url: session.url };
    },
    async parseWebhook(rawBody, headers): Promise<PaymentEvent | null> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookSignatureError('missing signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch {
        throw new WebhookSignatureError('bad signature');
      }
      if (event.type !== 'checkout.session.completed') return null;
      const session = event.data.object;
      if (session.payment_status !== 'paid') return null;
      const reservationId = Number(session.metadata?.reservationId);
      if (!Number.isInteger(reservationId)) return null;
      return {
        eventId: event.id,
        reservationId,
        amountCents: session.amount_total ?? -1,
        currency: (session.currency ?? '').toUpperCase(),
        reference: typeof session.payment_intent === 'string' ? session.payment_intent : session.id,
      };
    },
  };
}
