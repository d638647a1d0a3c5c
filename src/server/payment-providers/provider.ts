/** A payment confirmed by a provider's webhook. */
export interface PaymentEvent {
  /** The provider's event id: the same event delivered twice pays once. */
  eventId: string;
  reservationId: number;
  amountCents: number;
  currency: string;
  /** The provider's reference of the charge, printed on the receipt. */
  reference: string;
  /**
   * The hosted checkout session it paid (Stripe): matched against the sessions
   * this site opened; `createdAt` tells one opened before they were recorded.
   */
  session?: { id: string; createdAt: Date };
}

/** What a provider's verified webhook says, when it concerns this site's money. */
export type ProviderEvent =
  | ({ type: 'payment' } & PaymentEvent)
  /** A bank debit was started (`processing`) or did not go through (`failed`). */
  | { type: 'payment_pending' | 'payment_failed'; eventId: string; sessionId: string }
  /** A refund changed state at the provider: made by this site or by hand in its dashboard. */
  | {
      type: 'refund';
      eventId: string;
      reference: string;
      status: RefundStatus;
      chargeReference: string;
      amountCents: number;
      currency: string;
      /** This site's id of the refund, from the provider's metadata, when this site asked for it. */
      refundId?: number;
    }
  /** A charge had money given back; its refunds are looked up by the charge. */
  | { type: 'charge_refunded'; eventId: string; chargeReference: string };

export interface CheckoutRequest {
  reservationId: number;
  dayCount: number;
  amountCents: number;
  currency: string;
  eventName: string;
  /** What the payment is for: the deposit, the balance after it, or everything at once. */
  part: 'deposit' | 'balance' | 'full';
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
  /** The same key twice refunds once (Stripe's Idempotency-Key); it never depends on the amount. */
  idempotencyKey: string;
  reservationId: number | null;
  /** This site's id of the refund, carried in the provider's metadata. */
  refundId: number;
}

/** `pending`: accepted, the money is on its way; the provider confirms it later. */
export type RefundStatus = 'succeeded' | 'pending' | 'failed';

export interface RefundResult {
  reference: string;
  status: RefundStatus;
}

export type Checkout =
  | { kind: 'frame'; url: string; scriptUrl: string }
  | { kind: 'redirect'; url: string; sessionId: string };

export type ProviderName = 'sandbox' | 'stripe';

/** One small interface per provider: where to pay, how to trust its webhook, how to give back. */
export interface PaymentProvider {
  readonly name: ProviderName;
  checkout(request: CheckoutRequest): Promise<Checkout>;
  /** Whether this request is signed the way this provider signs (by its header). */
  signs(headers: Record<string, string | string[] | undefined>): boolean;
  /** Verifies the signature; returns what the event says, or null for an event of no concern. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent | null>;
  /**
   * Asks for money back; returns the provider's reference and where the refund
   * stands. Throws RefundRefusedError when the provider refuses for good, any
   * other error when it could not be asked (try again later).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Where a refund stands now (a pending one is looked at again). */
  refundStatus(reference: string): Promise<RefundResult>;
  /** The refunds of a charge (a `charge_refunded` event names only the charge). */
  refundsOfCharge(chargeReference: string): Promise<(RefundResult & { amountCents: number })[]>;
}

export class WebhookSignatureError extends Error {}

/** The provider answered and will not refund (a 4xx, a failed refund): trying again will not help. */
export class RefundRefusedError extends Error {}
