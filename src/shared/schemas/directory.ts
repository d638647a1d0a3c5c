import { z } from './zod.js';
import { pageQuery } from './common.js';
import { roleSchema } from './auth.js';
import { documentSchema } from './documents.js';
import { ledgerEntrySchema } from './payments.js';
import { accountProfileSchema } from './profile.js';
import { adminReservationSchema } from './reservations.js';

/*
 * The administrators' directory of people and churches: GET /api/users,
 * PATCH /api/users/{id}, GET /api/accounts and GET /api/accounts/{id}.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** pending until approved; inactive once an administrator has deactivated the user. */
export const USER_STATUSES = ['pending', 'active', 'inactive'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** One user of the directory, with their church's name (null: no church yet). */
export const directoryUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  createdAt: z.string(),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;

export const MAX_DIRECTORY_SEARCH = 100;

export const usersQuery = z.object({
  status: userStatusSchema.optional(),
  accountId: id.optional(),
  /** Part of a username, an email address or a church's name, in any case. */
  q: z.string().trim().max(MAX_DIRECTORY_SEARCH).optional(),
  ...pageQuery,
});
export type UsersQuery = z.infer<typeof usersQuery>;

/**
 * An administrator's change to a user: another church, another role, or
 * deactivated (active: false) / reactivated (active: true). At least one field;
 * any other field is refused.
 */
export const updateUserBody = z
  .strictObject({
    accountId: z.number().int().positive().max(2_147_483_647).optional(),
    role: roleSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Say what to change: accountId, role or active.',
  });
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** GET /api/accounts: paging with `limit`/`offset`. */
export const accountsQuery = z.object(pageQuery);

/** A church in the administrators' list, with what it has. */
export const accountOverviewSchema = z.object({
  id: z.number().int(),
  accountName: z.string(),
  /** Users of the church, whatever their status. */
  members: z.number().int(),
  /** Reservations of its members, whatever their status. */
  reservations: z.number().int(),
  /** Charges minus refunds of its ledger entries (docs/money.md). */
  paidCents: z.number().int(),
  documents: z.number().int(),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

/** One church's page: its profile as GET /api/account/profile shows it, and everything it has. */
export const accountDetailsSchema = accountProfileSchema.extend({
  members: z.array(directoryUserSchema),
  reservations: z.array(adminReservationSchema),
  documents: z.array(documentSchema),
  /** Its ledger entries, newest first, as GET /api/payments shows them. */
  payments: z.array(ledgerEntrySchema),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;
