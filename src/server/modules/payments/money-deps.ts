import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import type { Outbox } from '../../mail/outbox.js';
import type { PaymentProvider, ProviderName } from '../../payment-providers/provider.js';
import type { DocumentsService } from '../documents/service.js';

/** What the money code needs; one object so charges, refunds and the service agree. */
export interface MoneyDeps {
  db: Db;
  documents: DocumentsService;
  /** Mails are queued in the transaction of the change that causes them. */
  outbox: Outbox;
  /** Where members pay now (PAYMENT_PROVIDER). */
  provider: PaymentProvider;
  /**
   * Every provider this site can reach: a charge is refunded through the one
   * that took it, whatever PAYMENT_PROVIDER says now (docs/money.md).
   */
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  /** The rates as they are now: the staff edit them live (docs/site-content.md). */
  pricing: () => PricingRules;
  currency: string;
  houseName: () => string;
  publicUrl: string;
  facilityTimezone: string;
  /** The clock: tests set it to check the refund tiers. */
  now: () => Date;
}
