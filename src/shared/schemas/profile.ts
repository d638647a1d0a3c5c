import { z } from './zod.js';
import { messages } from '../messages.js';
import { MAX_ACCOUNT_NAME_LENGTH } from './accounts.js';

/** Absent stays absent (not changed); blank becomes null (cleared). */
const text = (max: number) =>
  z
    .union([z.string().max(max, `At most ${max} characters, please.`), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() ? v.trim() : null));

/** An empty email is sent as null (docs/product.md §5); absent stays absent. */
const email = z
  .union([z.literal(''), z.null(), z.email('Please enter a valid email address.').max(254)])
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

export const responsiblePersonSchema = z.object({
  fullName: z
    .string({ error: messages.responsiblePersonNameRequired })
    .trim()
    .min(1, messages.responsiblePersonNameRequired)
    .max(120),
  phoneNumber: text(40).transform((v) => v ?? null),
  email: email.transform((v) => v ?? null),
  address: text(300).transform((v) => v ?? null),
});
export type ResponsiblePerson = z.output<typeof responsiblePersonSchema>;

export const accountProfileSchema = z.object({
  id: z.number().int(),
  accountName: z.string(),
  primaryContactFullName: z.string().nullable(),
  primaryContactPhoneNumber: z.string().nullable(),
  primaryContactEmail: z.string().nullable(),
  primaryContactAddress: z.string().nullable(),
  responsiblePersons: z.array(
    z.object({
      fullName: z.string(),
      phoneNumber: z.string().nullable(),
      email: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** Every field optional: a screen sends the part it edits; a given list replaces the old one. */
export const updateProfileBody = z.object({
  accountName: z
    .string({ error: messages.accountNameUpdateFailed })
    .trim()
    .min(1, 'Account name cannot be empty.')
    .max(MAX_ACCOUNT_NAME_LENGTH)
    .optional(),
  primaryContactFullName: text(120),
  primaryContactPhoneNumber: text(40),
  primaryContactAddress: text(300),
  primaryContactEmail: email,
  responsiblePersons: z.array(responsiblePersonSchema).max(50).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const updateProfileResponse = z.object({
  message: z.string(),
  account: accountProfileSchema,
});

export const profileQuery = z.object({
  /** Administrators only: whose profile. */
  accountId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const historyEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  summary: z.string(),
  createdAt: z.string(),
  username: z.string().nullable(),
  reservationId: z.number().int().nullable(),
  documentId: z.number().int().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
