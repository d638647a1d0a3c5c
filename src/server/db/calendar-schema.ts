import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { reservations, users } from './tables.js';

/**
 * Days the house is closed (maintenance, its own retreat). `reason` is for the
 * staff; `publicLabel` is what calendars and feeds show ("Closed" when empty).
 */
export const closures = pgTable(
  'closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    publicLabel: text('public_label'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('closures_days_idx').on(t.firstDay, t.lastDay),
    check('closures_days_order', sql`${t.lastDay} >= ${t.firstDay}`),
  ],
);

/**
 * Every held day range, one row per holding reservation or closure, kept by
 * triggers of the migration (docs/calendar.md). Its
 * exclusion constraint is what makes a closed day impossible to reserve and a
 * reserved day impossible to close, however many requests run at once.
 * The `days` column (a daterange) is not modelled here: only SQL reads it.
 */
export const calendarHolds = pgTable('calendar_holds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  reservationId: integer('reservation_id')
    .unique('calendar_holds_reservation_key')
    .references(() => reservations.id, { onDelete: 'cascade' }),
  closureId: integer('closure_id')
    .unique('calendar_holds_closure_key')
    .references(() => closures.id, { onDelete: 'cascade' }),
});

/**
 * The secret of a user's personal calendar feed (`/api/calendar/feed/{token}.ics`).
 * Kept in clear because the member can ask for the address again; it grants
 * reading that calendar only, and rotating it makes the old address answer 404.
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('calendar_feed_tokens_token_key'),
  createdAt: createdAt(),
});
