import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PriceTerms } from '../../shared/group-pricing.js';
import { createdAt, updatedAt } from './columns.js';

/** A church (or other group) that users belong to. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountName: text('account_name').notNull(),
    primaryContactFullName: text('primary_contact_full_name'),
    primaryContactPhoneNumber: text('primary_contact_phone_number'),
    primaryContactEmail: text('primary_contact_email'),
    primaryContactAddress: text('primary_contact_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_name_lower_key').on(sql`lower(${t.accountName})`)],
);

export const responsiblePersons = pgTable(
  'responsible_persons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    address: text('address'),
  },
  (t) => [index('responsible_persons_account_idx').on(t.accountId, t.position)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['Administrator', 'User'] })
      .notNull()
      .default('User'),
    /**
     * pending until an administrator approves the registration; inactive when an
     * administrator has deactivated the user (they cannot log in until reactivated).
     */
    status: text('status', { enum: ['pending', 'active', 'inactive'] })
      .notNull()
      .default('pending'),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames are unique regardless of case, so "Anna" and "anna" cannot both exist.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_status_idx').on(t.status),
    index('users_account_idx').on(t.accountId),
    check('users_role_check', sql`${t.role} in ('Administrator', 'User')`),
    check('users_status_check', sql`${t.status} in ('pending', 'active', 'inactive')`),
  ],
);

/** Server-side sessions; only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Date reservations. Days are whole UTC dates, first to last inclusive. The
 * migration adds an exclusion constraint so that no two holding (pending or
 * approved) reservations share a day, whatever runs concurrently.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The church the stay belongs to: the requester's when it was requested
     * (docs/stays.md, "Whose stay"). Its ledger entries and papers go to this
     * church, whatever church the member belongs to later. Null only for a
     * stay requested by someone of no church.
     */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    eventName: text('event_name').notNull(),
    eventDescription: text('event_description').notNull(),
    additionalInfo: text('additional_info'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
      .notNull()
      .default('unpaid'),
    adminNotes: text('admin_notes'),
    cancellationReason: text('cancellation_reason'),
    /**
     * The price fixed when the dates were requested (docs/money.md). Null only on
     * rows of an older release, until the server prices them after its start
     * (modules/reservations/fill-prices.ts).
     */
    priceCents: integer('price_cents'),
    currency: text('currency'),
    /** The group's expected guests, as asked (null: not given, billed at the minimum). */
    guests: integer('guests'),
    /** The meal plan's id, or null. */
    mealPlan: text('meal_plan'),
    /** The final headcount (docs/money.md, "The final count"); it never changes `guests`. */
    finalGuests: integer('final_guests'),
    /** The deposit asked when requested (0 without a deposit rule). */
    depositCents: integer('deposit_cents').notNull().default(0),
    /**
     * What the price was made of when requested (PriceTerms of
     * src/shared/group-pricing.ts): rates, meal plan, deposit rule, due days and
     * cancellation tiers. A final count prices again by these; null on rows of
     * an earlier release.
     */
    priceTerms: jsonb('price_terms').$type<PriceTerms>(),
    /** How many invoices the stay has had (each final count writes the next). */
    invoiceCount: integer('invoice_count').notNull().default(0),
    /** When the house approved the stay: the checklist's agreement and deposit fall due from it. */
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /**
     * Days kept free after the last day for another church (TURNOVER_DAYS when the
     * dates were set). The exclusion constraint covers first_day to last_day + this.
     */
    turnoverDays: integer('turnover_days').notNull().default(0),
    /** Raised by a trigger on every change a calendar shows: the feeds' SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reservations_turnover_days_check', sql`${t.turnoverDays} >= 0`),
    index('reservations_user_idx').on(t.userId, t.firstDay),
    // A church's stays (its page, the admin's filter, its outstanding money), in start order.
    index('reservations_account_idx').on(t.accountId, t.firstDay),
    index('reservations_days_idx').on(t.firstDay, t.lastDay),
    // A status tab of the lists, a page in start order, and the tabs' counts (docs/lists.md).
    index('reservations_status_idx').on(t.status, t.firstDay, t.id),
    // The All Active tab's page in start order: its first rows, not every holding one (docs/lists.md).
    index('reservations_holding_idx')
      .on(t.firstDay, t.id)
      .where(sql`${t.status} in ('pending', 'approved')`),
    // A month's reservations at any table size: the range of days, searched by overlap (repo.ts).
    index('reservations_day_range_idx').using(
      'gist',
      sql`daterange(${t.firstDay}, ${t.lastDay}, '[]')`,
    ),
    check('reservations_days_order', sql`${t.lastDay} >= ${t.firstDay}`),
    check(
      'reservations_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`,
    ),
    check('reservations_payment_status_check', sql`${t.paymentStatus} in ('unpaid', 'paid')`),
  ],
);

/**
 * How many reservations have each status, kept by triggers of migration 0011
 * in the transaction that changes them: the admin list's total and the tabs'
 * counts without counting the rows (docs/lists.md).
 */
export const reservationCounts = pgTable('reservation_counts', {
  status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] }).primaryKey(),
  n: integer('n').notNull(),
});

/** Bytes in the database, so every instance serves every document. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Keys the server generates once (URL signing, sandbox webhooks), shared by all instances. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * PDF documents of an account; metadata and bytes are written in one statement.
 * Receipts and credit notes are records: a trigger of the migration refuses to
 * delete them (docs/money.md).
 */
export const documents = pgTable(
  'documents',
  {
    kind: text('kind', {
      enum: ['upload', 'receipt', 'credit_note', 'invoice', 'agreement', 'insurance'],
    })
      .notNull()
      .default('upload'),
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    description: text('description').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    fileSize: integer('file_size').notNull(),
    content: bytea('content').notNull(),
    /** Set on receipts and credit notes: the reservation they were issued for (kept after it is deleted). */
    reservationId: integer('reservation_id'),
    /** An insurance certificate's last valid day (docs/stays.md); null on other kinds. */
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_account_idx').on(t.accountId, t.createdAt),
    index('documents_reservation_idx').on(t.reservationId),
    check(
      'documents_kind_check',
      sql`${t.kind} in ('upload', 'receipt', 'credit_note', 'invoice', 'agreement', 'insurance')`,
    ),
  ],
);

/** What happened to an account, newest first on the History page. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    reservationId: integer('reservation_id'),
    documentId: integer('document_id'),
    createdAt: createdAt(),
  },
  (t) => [index('account_events_account_idx').on(t.accountId, t.createdAt)],
);
