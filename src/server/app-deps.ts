import type { FastifyServerOptions } from 'fastify';
import type { AgreementContent } from '../shared/schemas/agreement.js';
import type { PricingFile } from '../shared/schemas/pricing.js';
import type { Room } from '../shared/schemas/questionnaire.js';
import type { ArrivalContent } from './arrival-content.js';
import type { Config } from './config.js';
import type { FacilityContent } from './content.js';
import type { Database } from './db/open.js';
import type { MailTransport } from './mail/mailer.js';
import type { LiveContent } from './modules/site-content/live-content.js';

/** What buildApp (app.ts) is built from: the settings and database, and what tests replace. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the outbox's worker hands mail (tests capture it); default SMTP or the dev outbox. */
  mailer?: MailTransport;
  /** How often the mail worker looks for due mail (ms); 0: only when woken or drained. */
  mailPollMs?: number;
  /** The first retry of a failed mail waits this long (ms), doubling after. */
  mailRetryBaseMs?: number;
  /** How often the refund worker looks for due refunds (ms); 0: only when drained. */
  refundPollMs?: number;
  /** The first retry of an unanswered refund waits this long (ms), doubling after. */
  refundRetryBaseMs?: number;
  /** Tests: deliver the mail a request queued before its answer is sent. */
  deliverMailBeforeAnswering?: boolean;
  /** The house's content; default content/, with the single kinds below replacing its own. */
  content?: LiveContent;
  facility?: FacilityContent;
  /** content/arrival.json, or other arrival information for a test. */
  arrival?: ArrivalContent;
  /** content/agreement.json (null: the house has none), or another for a test. */
  agreement?: AgreementContent | null;
  /** content/rooms.json's bedrooms, or others for a test. */
  rooms?: Room[];
  /** content/pricing.json's rules, or other ones for a test. */
  pricing?: PricingFile;
  /** content/, which seeds what the database does not hold yet (docs/site-content.md). */
  contentDir?: string;
  /** How often another instance's content edit is looked for (ms); 0: never. */
  contentPollMs?: number;
  /** The clock of every rule that depends on today (refund tiers, the first bookable day). */
  now?: () => Date;
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
}
