import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CancellationTier, DepositRule } from '../../shared/schemas/pricing.js';
import { documents, users } from './tables.js';

/** The terms a group leader accepted: the deposit rule and cancellation tiers then in force. */
export interface AcceptedTerms {
  deposit: DepositRule | null;
  cancellationPolicy: CancellationTier[];
}

/**
 * The facility agreement a group leader accepted for a stay (docs/money.md,
 * "The facility agreement"): who, when, from where, which version, and a copy
 * of the terms then in force, which govern the stay's refunds from then on.
 */
export const agreements = pgTable('agreements', {
  /** Not a foreign key: the record outlives its reservation, like the ledger. */
  reservationId: integer('reservation_id').primaryKey(),
  version: text('version').notNull(),
  title: text('title').notNull(),
  /** The text accepted, as it read then. */
  paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
  fullName: text('full_name').notNull(),
  acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  acceptedByUsername: text('accepted_by_username').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
  ipAddress: text('ip_address').notNull(),
  userAgent: text('user_agent').notNull(),
  terms: jsonb('terms').$type<AcceptedTerms>().notNull(),
  /** The signed copy (a PDF with the church's documents), when the member has a church. */
  documentId: integer('document_id').references(() => documents.id),
});
