import { z } from './zod.js';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** A mail of the outbox as the admin's Mail screen lists it (docs/mail.md). */
export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMailInfo = z.infer<typeof outboxMailSchema>;

export const mailListQuery = z.object({
  /** `queued` includes the ones being sent right now. */
  status: z.enum(['queued', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});

const email = z
  .string()
  .trim()
  .max(254, 'An email address can be at most 254 characters long.')
  .pipe(z.email('Please enter a valid email address.'));

export const testMailBody = z.object({ to: email });

/** PUT /api/users/me/email: an address, or null (or "") to clear it. */
export const myEmailBody = z.object({
  email: z.union([email, z.literal('').transform(() => null), z.null()]),
});
