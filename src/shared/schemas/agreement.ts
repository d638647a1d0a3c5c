import { depositRuleSchema } from './pricing.js';
import { z } from './zod.js';

/**
 * content/agreement.json (docs/money.md, "The facility agreement"): the house's
 * terms, which a group's leader accepts online before any payment. A new
 * `version` is a new text; stays keep the version they accepted.
 */
export const agreementContentSchema = z.strictObject({
  version: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1).max(200),
  paragraphs: z.array(z.string().trim().min(1).max(4000)).min(1).max(100),
});
export type AgreementContent = z.infer<typeof agreementContentSchema>;

/** POST /api/reservations/{id}/agreement: the leader's full name, as a signature. */
export const acceptAgreementBody = z.object({
  fullName: z
    .string({ error: 'Type your full name to accept the agreement.' })
    .trim()
    .min(3, 'Type your full name to accept the agreement.')
    .max(200, 'The name can have at most 200 characters.'),
});

/** What a reservation shows of its accepted agreement. */
export const acceptedAgreementSchema = z.object({
  version: z.string(),
  fullName: z.string(),
  acceptedAt: z.string(),
});

/** The answer of the acceptance (201). */
export const agreementAcceptanceSchema = acceptedAgreementSchema.extend({
  acceptedBy: z.string(),
});
export type AgreementAcceptance = z.infer<typeof agreementAcceptanceSchema>;

/**
 * A stay's deposit rule and cancellation tiers (docs/money.md, "The facility
 * agreement"): those fixed when it was requested, which its agreement keeps
 * and which govern its refunds; with both in words, as the signed copy prints them.
 */
export const stayTermsSchema = z.object({
  deposit: depositRuleSchema.nullable(),
  cancellationPolicy: z.array(
    z.object({ daysBeforeStart: z.number().int(), refundPercent: z.number().int() }),
  ),
  depositTerms: z.string(),
  cancellationTerms: z.string(),
});
export type StayTerms = z.infer<typeof stayTermsSchema>;

/**
 * GET /api/reservations/{id}/agreement: the agreement of one stay, to read
 * before accepting it (the house's text now) or as it was accepted, with the
 * stay's own terms.
 */
export const stayAgreementSchema = z.object({
  version: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  terms: stayTermsSchema,
  accepted: agreementAcceptanceSchema.nullable(),
});
export type StayAgreement = z.infer<typeof stayAgreementSchema>;
