import { z } from './zod.js';

/** Every error answer of the API (docs/architecture.md §4). */
export const errorResponse = z.object({
  message: z.string(),
  /** A stable code from src/shared/error-codes.ts; clients branch on it. */
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With `days_taken`: the requested days (YYYY-MM-DD) that are already held. */
  days: z.array(z.string()).optional(),
  /** With `closure_over_reservations`: the holding reservations in the way. */
  reservations: z
    .array(
      z.object({
        id: z.number(),
        eventName: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        status: z.string(),
        accountName: z.string().nullable(),
      }),
    )
    .optional(),
  /** With `already_closed`: the closures that have some of the days. */
  closures: z
    .array(
      z.object({ id: z.number(), startDate: z.string(), endDate: z.string(), label: z.string() }),
    )
    .optional(),
  /** With `content_changed`: the version published now, who published it (null: the content files) and when. */
  version: z.number().int().optional(),
  changedBy: z.string().nullable().optional(),
  changedAt: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** The error answers a route may give, by status, for its OpenAPI schema: `errorResponses(400, 404)`. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    S,
    typeof errorResponse
  >;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** A positive integer id in a path, e.g. `/users/{id}`. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The most items one page of a list may ask for (`limit`), as on every paged list. */
export const MAX_PAGE_LIMIT = 500;

/**
 * Opt-in paging of a list (docs/lists.md): `limit` items from `offset`, the
 * total in `X-Total-Count`; without `limit` a list answers every item.
 */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
};

export const MIN_PASSWORD_LENGTH = 6;
/** Bounds the work of hashing; far above any real pass phrase. */
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_USERNAME_LENGTH = 64;
