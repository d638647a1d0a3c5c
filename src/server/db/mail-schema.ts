import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** A file attached to a queued mail (a receipt, a credit note, a calendar event), its bytes in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * The durable mail outbox (docs/mail.md): each mail is a row written in the
 * transaction of the change that causes it; the worker sends it with retries
 * and marks it sent. A row is claimed for a while (`claimed_until`) so that two
 * instances never send it at once, and one a killed process left is sent again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Set when queued, the same on every attempt: a duplicate delivery is recognisable. */
    messageId: text('message_id').notNull(),
    /** At most one mail per key (a reminder per reservation and kind). */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_id_key').on(t.messageId),
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);
