import type { FastifyBaseLogger } from 'fastify';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { AgreementContent } from '../../../shared/schemas/agreement.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/open.js';
import type { Outbox } from '../../mail/outbox.js';
import type { LiveSite } from '../../mail/templates.js';
import type { PaymentProvider } from '../../payment-providers/provider.js';
import { createSandboxProvider } from '../../payment-providers/sandbox.js';
import { createStripeProvider, stripeApiAddress } from '../../payment-providers/stripe.js';
import type { DocumentsService } from '../documents/service.js';
import type { MoneyDeps } from './money-deps.js';
import { createRefundWorker } from './refund-worker.js';
import { createPaymentsService } from './service.js';

/**
 * The money of the site, wired once (docs/money.md): the providers it can
 * reach, the one members pay through now, the refund worker and the payments
 * service over them.
 */
export function createMoney(o: {
  config: Config;
  db: Db;
  documents: DocumentsService;
  outbox: Outbox;
  pricing: () => PricingRules;
  agreement: () => AgreementContent | null;
  now: () => Date;
  site: LiveSite;
  logger: FastifyBaseLogger;
  secret: (name: string) => () => Promise<string>;
  /** How often the refund worker looks for due refunds (ms); 0: only when drained. */
  refundPollMs?: number | undefined;
  /** The first retry of an unanswered refund waits this long (ms), doubling after. */
  refundRetryBaseMs?: number | undefined;
}) {
  const { config } = o;
  const sandbox = createSandboxProvider(o.secret('sandbox-webhook'));
  // Stripe whenever its keys are set: its charges are refunded through it even after a switch.
  const stripe =
    config.stripeSecretKey && config.stripeWebhookSecret
      ? createStripeProvider({
          secretKey: config.stripeSecretKey,
          webhookSecret: config.stripeWebhookSecret,
          ...stripeApiAddress(config.stripeApiUrl),
        })
      : undefined;
  const provider: PaymentProvider =
    config.paymentProvider === 'stripe' && stripe ? stripe : sandbox;
  const deps: MoneyDeps = {
    db: o.db,
    documents: o.documents,
    outbox: o.outbox,
    provider,
    providers: { sandbox, ...(stripe ? { stripe } : {}) },
    pricing: o.pricing,
    currency: config.currency,
    facilityTimezone: config.facilityTimezone,
    now: o.now,
    ...o.site,
  };
  const refundWorker = createRefundWorker({
    deps,
    logger: o.logger,
    pollMs: o.refundPollMs ?? 5_000,
    retryBaseMs: o.refundRetryBaseMs ?? 30_000,
    maxAttempts: 10,
    leaseMs: config.refundLeaseSeconds * 1000,
    pendingCheckMs: 3_600_000,
  });
  const payments = createPaymentsService({
    ...deps,
    refundWorker,
    agreement: o.agreement,
    checkoutKey: o.secret('sandbox-checkout'),
  });
  return { sandbox, provider, refundWorker, payments };
}
