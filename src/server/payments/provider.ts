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
  successUrl: string;
  cancelUrl: string;
}

export type Checkout = { kind: 'frame'; url: string; scriptUrl: string } | { kind: 'redirect'; url: string };

/** One small interface per provider: where to pay, and how to trust its webhook. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  checkout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the signature; returns the payment, or null for an event that is not one. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent | null>;
}

export class WebhookSignatureError extends Error {}
