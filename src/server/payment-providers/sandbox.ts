import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type {
  Checkout,
  CheckoutRequest,
  PaymentEvent,
  PaymentProvider,
  ProviderEvent,
  RefundRequest,
  RefundResult,
} from './provider.js';
import { WebhookSignatureError } from './provider.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Signatures older than this are refused, so a captured webhook cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

const sandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string(),
  data: z.object({
    reservationId: z.number().int().positive().max(2_147_483_647),
    amountCents: z.number().int().positive().max(100_000_000),
    currency: z.string().max(10),
    reference: z.string().min(1).max(200),
  }),
});
type SandboxEventBody = z.infer<typeof sandboxEventSchema>;

/** A signed event whose content is not what the provider sends. */
export class MalformedEventError extends Error {}

export function signSandboxPayload(
  secret: string,
  payload: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** The built-in test provider: a hosted card form under /pay and webhooks signed like Stripe's. */
export function createSandboxProvider(getSecret: () => Promise<string>): PaymentProvider & {
  buildEvent(
    reservationId: number,
    amountCents: number,
    currency: string,
  ): { payload: string; signature: Promise<string> };
  /** The event of a card payment the sandbox itself took, recorded without a round trip over HTTP. */
  chargeEvent(reservationId: number, amountCents: number, currency: string): PaymentEvent;
} {
  return {
    name: 'sandbox',
    async checkout(request: CheckoutRequest): Promise<Checkout> {
      return {
        kind: 'frame',
        url: `/pay/sandbox?reservationId=${request.reservationId}&number=${request.dayCount}&token=${encodeURIComponent(request.token)}`,
        scriptUrl: '/pay/embed.js',
      };
    },
    chargeEvent(reservationId, amountCents, currency) {
      return {
        eventId: `evt_${randomBytes(12).toString('hex')}`,
        reservationId,
        amountCents,
        currency,
        reference: `sbx_${randomBytes(8).toString('hex')}`,
      };
    },
    buildEvent(reservationId, amountCents, currency) {
      const body: SandboxEventBody = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        type: 'payment.succeeded',
        data: {
          reservationId,
          amountCents,
          currency,
          reference: `sbx_${randomBytes(8).toString('hex')}`,
        },
      };
      const payload = JSON.stringify(body);
      return { payload, signature: getSecret().then((s) => signSandboxPayload(s, payload)) };
    },
    signs: (headers) => typeof headers[SANDBOX_SIGNATURE_HEADER] === 'string',
    async parseWebhook(rawBody, headers): Promise<ProviderEvent | null> {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw new WebhookSignatureError('missing signature');
      const parts = Object.fromEntries(
        header.split(',').map((p) => p.split('=', 2) as [string, string]),
      );
      const t = Number(parts.t);
      if (!Number.isInteger(t) || !parts.v1) throw new WebhookSignatureError('malformed signature');
      if (Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS)
        throw new WebhookSignatureError('signature too old');
      const expected = Buffer.from(
        signSandboxPayload(await getSecret(), rawBody.toString('utf8'), t),
      );
      const given = Buffer.from(header);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new WebhookSignatureError('bad signature');
      }
      const parsed = sandboxEventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!parsed.success) throw new MalformedEventError('malformed event');
      const event = parsed.data;
      if (event.type !== 'payment.succeeded') return null;
      return {
        type: 'payment',
        eventId: event.id,
        reservationId: event.data.reservationId,
        amountCents: event.data.amountCents,
        currency: event.data.currency,
        reference: event.data.reference,
      };
    },
    /**
     * The sandbox holds no money: a refund succeeds at once. Its reference
     * follows from the key, so the same key gives the same refund, as with
     * Stripe, even after a restart.
     */
    async refund(request: RefundRequest): Promise<RefundResult> {
      const digest = createHash('sha256').update(request.idempotencyKey).digest('hex');
      return { reference: `sbx_re_${digest.slice(0, 16)}`, status: 'succeeded' };
    },
    refundStatus: async (reference) => ({ reference, status: 'succeeded' }),
    refundsOfCharge: async () => [],
  };
}
