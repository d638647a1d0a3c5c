import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { accounts, users } from './tables.js';

/**
 * The append-only ledger of money (docs/money.md): a charge for each payment a
 * provider confirmed, a refund for each amount given back. A trigger of the
 * migration refuses every UPDATE and DELETE. The reservation, account and stay
 * are copied onto the entry, so it stays readable when its reservation is deleted.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Not a foreign key: the entry outlives its reservation. */
    reservationId: integer('reservation_id'),
    accountId: integer('account_id').references(() => accounts.id),
    kind: text('kind', { enum: ['charge', 'refund'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The provider's reference: the charge (PaymentIntent) or the refund. */
    reference: text('reference').notNull(),
    /** The provider's event id of a charge, the idempotency key of a refund: one entry each. */
    eventId: text('event_id').notNull(),
    /** A refund's charge. */
    chargeId: integer('charge_id'),
    /** The receipt of a charge, the credit note of a refund. */
    documentId: integer('document_id'),
    eventName: text('event_name'),
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_event_key').on(t.provider, t.eventId),
    index('ledger_entries_reservation_idx').on(t.reservationId),
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_created_idx').on(t.createdAt),
    check('ledger_entries_kind_check', sql`${t.kind} in ('charge', 'refund')`),
    check('ledger_entries_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Money to give back, recorded in the transaction of the change that decides it
 * (docs/money.md, "Refunds"): the provider is asked only after that commits, by
 * the refund worker, with an idempotency key that does not depend on the amount.
 * A refund becomes a ledger entry once the provider confirms it; one it refuses
 * for good is `failed` and shown to the staff.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => ledgerEntries.id),
    /** Not a foreign key: the refund outlives its reservation. */
    reservationId: integer('reservation_id'),
    /** The church that paid the charge. */
    accountId: integer('account_id').references(() => accounts.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider that took the charge, whatever PAYMENT_PROVIDER says now. */
    provider: text('provider').notNull(),
    /** Why the money goes back, once per charge: `cancellation`, `not_accepted`, … */
    cause: text('cause').notNull(),
    /** Sent as the provider's Idempotency-Key: the same refund asked twice is made once. */
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'processing', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's id of the refund, once it answered. */
    providerReference: text('provider_reference'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** A worker holds the refund until then; after, another may take it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    /** The ledger's refund entry, once made. */
    ledgerEntryId: integer('ledger_entry_id'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('refunds_charge_cause_key').on(t.chargeId, t.cause),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    index('refunds_due_idx').on(t.status, t.nextAttemptAt),
    index('refunds_reservation_idx').on(t.reservationId),
    index('refunds_reference_idx').on(t.provider, t.providerReference),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check(
      'refunds_status_check',
      sql`${t.status} in ('pending', 'processing', 'succeeded', 'failed')`,
    ),
  ],
);

/**
 * The checkout sessions this site opened with a hosted provider (Stripe): a
 * provider's event pays a reservation only for a session found here, so events
 * of sessions another site created on the same account are ignored.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    sessionId: text('session_id').notNull(),
    reservationId: integer('reservation_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** `open` until paid; `processing` while a bank debit clears; `failed` when it did not. */
    status: text('status', { enum: ['open', 'processing', 'paid', 'failed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('checkout_sessions_session_key').on(t.provider, t.sessionId),
    index('checkout_sessions_reservation_idx').on(t.reservationId),
    check(
      'checkout_sessions_status_check',
      sql`${t.status} in ('open', 'processing', 'paid', 'failed')`,
    ),
  ],
);
