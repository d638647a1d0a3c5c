/** A payment confirmed by a provider's webhook. */
export interface PaymentEvent {
  /** The provider's event id: the same event delivered twice pays once. */
  eventId: string;
  reservationId: number;
  amountCents: number;
  currency: string;
  /** The provider's reference of the charge, printed on the receipt. */
  reference: string;
}

export interface CheckoutRequest {
  reservationId: number;
  dayCount: number;
  amountCents: number;
  currency: string;
  eventName: string;
  /** A signed token binding reservation, member and amount (the sandbox's form carries it). */
  token: string;
  successUrl: string;
  cancelUrl: string;
}

/** Money given back through the provider, against one earlier charge. */
export interface RefundRequest {
  /** The provider's reference of the charge (a Stripe PaymentIntent id, a sandbox reference). */
  chargeReference: string;
  amountCents: number;
  currency: string;
  /** The same key twice refunds once (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  reservationId: number | null;
}

export type Checkout =
  { kind: 'frame'; url: string; scriptUrl: string } | { kind: 'redirect'; url: string };

/** One small interface per provider: where to pay, and how to trust its webhook. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  checkout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the signature; returns the payment, or null for an event that is not one. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentEvent | null>;
  /** Gives money back at once; returns the provider's reference of the refund. Throws when the provider refuses. */
  refund(request: RefundRequest): Promise<{ reference: string }>;
}

export class WebhookSignatureError extends Error {}

/** The provider answered and will not refund (a 4xx, a failed refund): trying again will not help. */
export class RefundRefusedError extends Error {}
