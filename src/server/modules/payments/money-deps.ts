import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { PaymentProvider } from '../../payments/provider.js';
import type { DocumentsService } from '../documents/service.js';

/** What the money code needs; one object so charges, refunds and the service agree. */
export interface MoneyDeps {
  db: Db;
  documents: DocumentsService;
  provider: PaymentProvider;
  pricing: PricingRules;
  currency: string;
  facilityName: string;
  publicUrl: string;
  facilityTimezone: string;
  /** The clock: tests set it to check the refund tiers. */
  now: () => Date;
}

/** Mails are handed to the mailer after the transaction that caused them commits. */
export type AfterCommit = MailMessage[];
