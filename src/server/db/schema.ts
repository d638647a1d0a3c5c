import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
