/**
 * How the fake servers of the tests answer the API's lists as the real one
 * does (docs/lists.md): a page asked for with `limit` and `offset`, and the
 * tabs' counts per status.
 */
import type { Reservation, ReservationCounts } from '../../shared/schemas/reservations.js';

/** The page of `rows` that `limit` and `offset` ask for; every row without a `limit`. */
export function pageOf<T>(rows: readonly T[], query: URLSearchParams): readonly T[] {
  const limit = query.get('limit');
  if (!limit) return rows;
  const offset = Number(query.get('offset') ?? 0);
  return rows.slice(offset, offset + Number(limit));
}

/** GET …/counts: how many of `list` have each status, whatever page is loaded. */
export function statusCounts(list: readonly Pick<Reservation, 'status'>[]): ReservationCounts {
  const counts: ReservationCounts = { pending: 0, approved: 0, rejected: 0, cancelled: 0 };
  for (const r of list) counts[r.status] += 1;
  return counts;
}
