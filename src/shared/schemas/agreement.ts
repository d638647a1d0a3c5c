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
