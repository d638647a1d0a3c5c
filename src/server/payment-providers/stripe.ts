import type Stripe from 'stripe';
import type {
  Checkout,
  CheckoutRequest,
  PaymentProvider,
  ProviderEvent,
  RefundRequest,
  RefundResult,
  RefundStatus,
} from './provider.js';
import { RefundRefusedError, WebhookSignatureError } from './provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is; Stripe's own by default. Tests point these at a local fake. */
  host?: string;
  port?: number | string;
  protocol?: 'http' | 'https';
}

/**
 * Why a Stripe call failed, without the API's own message: that text may quote
 * (part of) the key or the customer's data, and this one ends up in logs.
 */
function describeStripeError(error: unknown, StripeClass: typeof Stripe): string {
  if (!(error instanceof StripeClass.errors.StripeError)) return 'unknown error';
  const parts = [error.statusCode === undefined ? error.type : `HTTP ${error.statusCode}`];
  if (error.code) parts.push(error.code);
  if (error.requestId) parts.push(`request ${error.requestId}`);
  return parts.join(', ');
}

/** A Stripe answer that may pass if asked again later with the same idempotency key. */
export const transientStripeFailure = (status: number, code: string | undefined) =>
  status === 429 || status >= 500 || (status === 409 && code === 'idempotency_key_in_use');

/**
 * How long one Stripe call may take: each attempt gives up after
 * `STRIPE_TIMEOUT_MS`, and the package tries `STRIPE_RETRIES` more times after
 * waits of at most 5 s. The refund lease must outlast it (config.ts).
 */
export const STRIPE_TIMEOUT_MS = 30_000;
export const STRIPE_RETRIES = 2;
export const STRIPE_LONGEST_CALL_MS =
  (STRIPE_RETRIES + 1) * STRIPE_TIMEOUT_MS + STRIPE_RETRIES * 5_000;

/** Host, port and protocol for the Stripe package from STRIPE_API_URL. */
export function stripeApiAddress(url: string | undefined) {
  if (!url) return {};
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Stripe's refund states, as this site counts them. */
function refundResult(refund: Stripe.Refund): RefundResult {
  const status: RefundStatus =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return { reference: refund.id, status };
}

const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** What a verified Stripe event says about this site's money, or null. */
function readEvent(event: Stripe.Event): ProviderEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      if (event.type === 'checkout.session.async_payment_failed')
        return { type: 'payment_failed', eventId: event.id, sessionId: session.id };
      // A bank debit is only started when the session completes: it pays later, or fails.
      if (session.payment_status === 'unpaid')
        return { type: 'payment_pending', eventId: event.id, sessionId: session.id };
      // No money moved (a free session): not a payment.
      if (session.payment_status !== 'paid' || !session.amount_total || session.amount_total <= 0)
        return null;
      const reservationId = Number(session.metadata?.reservationId ?? Number.NaN);
      return {
        type: 'payment',
        eventId: event.id,
        reservationId: Number.isInteger(reservationId) ? reservationId : 0,
        amountCents: session.amount_total,
        currency: (session.currency ?? '').toUpperCase(),
        reference: idOf(session.payment_intent) ?? session.id,
        session: { id: session.id, createdAt: new Date(session.created * 1000) },
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const chargeReference = idOf(refund.payment_intent);
      if (!chargeReference) return null;
      const refundId = Number(refund.metadata?.refundId ?? Number.NaN);
      return {
        ...(Number.isInteger(refundId) ? { refundId } : {}),
        type: 'refund',
        eventId: event.id,
        ...refundResult(refund),
        chargeReference,
        amountCents: refund.amount,
        currency: refund.currency.toUpperCase(),
      };
    }
    case 'charge.refunded': {
      const chargeReference = idOf(event.data.object.payment_intent);
      return chargeReference
        ? { type: 'charge_refunded', eventId: event.id, chargeReference }
        : null;
    }
    default:
      return null;
  }
}

/** Stripe's hosted checkout; its webhook is verified by the official package. */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  // The package is loaded by the first call, not at start: it is large, and a
  // house on the sandbox never needs it (docs/operations.md, "Speed").
  let loaded: Promise<{ StripeClass: typeof Stripe; stripe: Stripe }> | undefined;
  const load = () =>
    (loaded ??= import('stripe').then(({ default: StripeClass }) => ({
      StripeClass,
      stripe: new StripeClass(opts.secretKey, {
        timeout: STRIPE_TIMEOUT_MS,
        maxNetworkRetries: STRIPE_RETRIES,
        ...(opts.host === undefined ? {} : { host: opts.host }),
        ...(opts.port === undefined ? {} : { port: opts.port }),
        ...(opts.protocol === undefined ? {} : { protocol: opts.protocol }),
      }),
    })));
  return {
    name: 'stripe',
    async checkout(request: CheckoutRequest): Promise<Checkout> {
      // The webhook is accepted only for exactly amountCents: days priced at different rates
      // (seasons, weekdays), a deposit or a balance are one line of the amount, not a per-day price.
      const perDay =
        request.part === 'full' &&
        request.dayCount > 0 &&
        request.amountCents % request.dayCount === 0;
      const days = `${request.dayCount} day${request.dayCount === 1 ? '' : 's'}`;
      const what =
        request.part === 'deposit' ? 'deposit, ' : request.part === 'balance' ? 'balance, ' : '';
      const { stripe } = await load();
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: perDay ? request.dayCount : 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: perDay ? request.amountCents / request.dayCount : request.amountCents,
              product_data: {
                name: perDay
                  ? `${request.eventName} (reservation ${request.reservationId}), per day`
                  : `${request.eventName}, ${what}${days} (reservation ${request.reservationId})`,
              },
            },
          },
        ],
        metadata: { reservationId: String(request.reservationId) },
        payment_intent_data: { metadata: { reservationId: String(request.reservationId) } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
      return { kind: 'redirect', url: session.url, sessionId: session.id };
    },
    signs: (headers) => typeof headers['stripe-signature'] === 'string',
    async parseWebhook(rawBody, headers): Promise<ProviderEvent | null> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookSignatureError('missing signature');
      const { stripe } = await load();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch {
        throw new WebhookSignatureError('bad signature');
      }
      return readEvent(event);
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      const { StripeClass, stripe } = await load();
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: request.chargeReference,
            amount: request.amountCents,
            metadata: {
              refundId: String(request.refundId),
              ...(request.reservationId === null
                ? {}
                : { reservationId: String(request.reservationId) }),
            },
          },
          // Stripe answers a repeated key with the first refund instead of refunding twice.
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        // No answer at all (after the package's own retries): nothing is known to be refused.
        if (error instanceof StripeClass.errors.StripeConnectionError) {
          throw new Error('The payment provider could not be reached for the refund.');
        }
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        const described = describeStripeError(error, StripeClass);
        // Busy, not refused: the same key still in use by an earlier call (409
        // idempotency_key_in_use), too many requests (429), or Stripe's own
        // trouble (5xx) pass with time; the worker asks again with the same key.
        if (transientStripeFailure(status, (error as { code?: string }).code)) {
          throw new Error(`The payment provider could not make the refund now (${described}).`);
        }
        // Any other 4xx is Stripe's final word.
        throw new RefundRefusedError(`The payment provider refused the refund (${described}).`);
      }
      const result = refundResult(refund);
      // Created but already given up on (e.g. the card's account is closed): nothing was refunded.
      if (result.status === 'failed') {
        throw new RefundRefusedError(
          `The payment provider refused the refund (refund ${refund.id} ${refund.status}).`,
        );
      }
      return result;
    },
    async refundStatus(reference) {
      const { stripe } = await load();
      return refundResult(await stripe.refunds.retrieve(reference));
    },
    async refundsOfCharge(chargeReference) {
      const { stripe } = await load();
      const list = await stripe.refunds.list({ payment_intent: chargeReference, limit: 100 });
      return list.data.map((r) => ({ ...refundResult(r), amountCents: r.amount }));
    },
  };
}
