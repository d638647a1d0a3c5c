import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Diet } from '../../shared/schemas/questionnaire.js';
import type { CancellationTier, DepositRule } from '../../shared/schemas/pricing.js';
import { documents, reservations, users } from './tables.js';

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

/**
 * A stay's pre-arrival questionnaire (docs/stays.md), apart from the final
 * count, which the reservation keeps because it sets the price.
 */
export const questionnaires = pgTable('questionnaires', {
  reservationId: integer('reservation_id')
    .primaryKey()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  diets: jsonb('diets').$type<Partial<Record<Diet, number>>>().notNull(),
  dietNotes: text('diet_notes').notNull().default(''),
  rooming: jsonb('rooming').$type<{ roomId: string; names: string[] }[]>().notNull(),
  /** Names the leader typed and has not placed in a room yet. */
  unplaced: jsonb('unplaced').$type<string[]>().notNull().default([]),
  /**
   * The final count as the leader last saved it: a draft until the
   * questionnaire is sent, when it becomes the stay's `final_guests`.
   */
  finalGuests: integer('final_guests'),
  arrivalTime: text('arrival_time'),
  setup: text('setup').notNull().default(''),
  submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The link a leader shares with the group's attendees; rotating it replaces the token. */
export const attendeeLinks = pgTable('attendee_links', {
  reservationId: integer('reservation_id')
    .primaryKey()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A person of the group who gave their name through the shared link. */
export const attendees = pgTable(
  'attendees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    diet: text('diet').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('attendees_reservation_idx').on(t.reservationId, t.id)],
);
