import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    /** pending until an administrator approves the registration. */
    status: text('status', { enum: ['pending', 'active'] })
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
    check('users_status_check', sql`${t.status} in ('pending', 'active')`),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId, t.firstDay),
    index('reservations_days_idx').on(t.firstDay, t.lastDay),
    check('reservations_days_order', sql`${t.lastDay} >= ${t.firstDay}`),
    check('reservations_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
    check('reservations_payment_status_check', sql`${t.paymentStatus} in ('unpaid', 'paid')`),
  ],
);

/** Bytes in the database, so every instance serves every document. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Keys the server generates once (URL signing, sandbox webhooks), shared by all instances. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** PDF documents of an account; metadata and bytes are written in one statement. */
export const documents = pgTable(
  'documents',
  {
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
    /** Set on receipts: the reservation they were issued for. */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('documents_account_idx').on(t.accountId, t.createdAt), index('documents_reservation_idx').on(t.reservationId)],
);

/** Payments confirmed by the provider's webhook; one row per provider event. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_event_key').on(t.provider, t.eventId),
    uniqueIndex('payments_reservation_key').on(t.reservationId),
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
