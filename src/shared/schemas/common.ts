import { z } from './zod.js';

/** Every error answer of the API (ARCHITECTURE §4). */
export const errorResponse = z.object({
  message: z.string(),
  /** A stable code from src/shared/error-codes.ts; clients branch on it. */
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With `days_taken`: the requested days (YYYY-MM-DD) that are already held. */
  days: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** A positive integer id in a path, e.g. `/users/{id}`. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const MIN_PASSWORD_LENGTH = 6;
/** Bounds the work of hashing; far above any real pass phrase. */
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_USERNAME_LENGTH = 64;
