import { isDayKey } from '../dates.js';
import { z } from './zod.js';

export const paymentConfigSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  dailyRateCents: z.number().int(),
  currency: z.string(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const checkoutSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('frame'), url: z.string(), scriptUrl: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
]);

/**
 * POST /api/payments/{id}/checkout: the deposit (while nothing is paid) or the
 * balance, everything still owed (the default).
 */
export const checkoutBody = z.object({ part: z.enum(['deposit', 'balance']).optional() }).nullish();

export const LEDGER_KINDS = ['charge', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * One entry of the append-only ledger (docs/money.md). The event name, days and
 * account are kept on the entry so it stays readable after its reservation is deleted.
 */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  reservationId: z.number().int().nullable(),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  /** The receipt of a charge, the credit note of a refund. */
  documentId: z.number().int().nullable(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  eventName: z.string().nullable(),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** Why a refund was made (an admin's reason, the policy, a late payment). */
  reason: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const day = z.string().refine(isDayKey, 'Use a date as YYYY-MM-DD.');
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Filters of GET /api/payments and its CSV export; a member's are limited to their account. */
export const ledgerQuery = z.object({
  reservationId: id.optional(),
  accountId: id.optional(),
  /** Entries made on or after this day (in the house's time zone). */
  from: day.optional(),
  /** Entries made on or before this day. */
  to: day.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;

/** Totals of the admin Payments screen for the same filters. */
export const ledgerSummarySchema = z.object({
  currency: z.string(),
  receivedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Still owed by reservations that hold their days and are not paid. */
  outstandingCents: z.number().int(),
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;

export const cancellationQuoteSchema = z.object({
  refundCents: z.number().int(),
  paidCents: z.number().int(),
  /** A non-refundable deposit (of what was paid) that stays with the house. */
  depositKeptCents: z.number().int(),
  currency: z.string(),
  /** The tier that applies now, or null when none does (nothing refunded). */
  policy: z
    .object({ daysBeforeStart: z.number().int(), refundPercent: z.number().int() })
    .nullable(),
  /** Whole days from the house's today to the first day. */
  daysBeforeStart: z.number().int(),
  /** The whole policy in words. */
  description: z.string(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const sandboxChargeBody = z.object({
  token: z.string().min(1).max(1000),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});

export const REFUND_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund as the staff see it (docs/money.md, "Refunds"): recorded with the
 * change that decided it, asked of the provider once that committed; `failed`
 * ones need a person. `reservationExists` is false once it was deleted.
 */
export const refundInfoSchema = z.object({
  id: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  amountCents: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  reason: z.string(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  reservationId: z.number().int().nullable(),
  reservationExists: z.boolean(),
  eventName: z.string().nullable(),
  firstDay: z.string().nullable(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RefundInfo = z.infer<typeof refundInfoSchema>;

/** GET /api/admin/refunds: by status (`open`: pending or processing), paged like every list. */
export const refundsQuery = z.object({
  status: z.enum(['open', 'failed', 'succeeded']).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type RefundsQuery = z.infer<typeof refundsQuery>;
