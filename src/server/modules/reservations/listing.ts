/**
 * The admin's and a member's reservation lists: one filtered query, paged in
 * the database, and the count of each status for the tabs (docs/lists.md).
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  RESERVATION_STATUSES,
  type PaymentStatus,
  type ReservationStatus,
} from '../../../shared/reservations.js';
import type { Db } from '../../db/open.js';
import { readPage, type PageWindow } from '../../db/paging.js';
import { reservationCounts, reservations } from '../../db/schema.js';
import { ownStays } from './ownership.js';
import { ofAccount, selectWithUser } from './repo.js';

export interface ReservationFilter {
  /** Any of these statuses (a tab: pending and approved together). */
  status?: readonly ReservationStatus[] | undefined;
  userId?: number | undefined;
  /** The stays of this church (those it requested). */
  accountId?: number | undefined;
  /** This member's own stays (ownership.ts): requested by them, of the church they belong to now. */
  owner?: { id: number; accountId: number | null } | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Reservations whose last day is before this day (the past stays). */
  endedBefore?: string | undefined;
  paymentStatus?: PaymentStatus | undefined;
  /** These reservations only. */
  ids?: readonly number[] | undefined;
}

export interface ReservationOrder {
  /** `newest`: the latest first day first; by first day otherwise. */
  order?: 'start' | 'newest' | undefined;
}

/** What a member may ask of their own list: a tab, the past stays, an order, a page. */
export type MemberListQuery = Pick<
  ReservationFilter,
  'status' | 'endedBefore' | 'paymentStatus' | 'ids'
> &
  ReservationOrder &
  PageWindow;

/**
 * Whether the kept counts (`reservation_counts`, migration 0011) answer for these
 * filters: none but the status. Counting the rows would read the whole table, or
 * a whole status of it, for the admin list's first page and the tabs (docs/lists.md).
 */
const countsKept = (f: ReservationFilter) =>
  !f.userId &&
  !f.accountId &&
  !f.owner &&
  !f.from &&
  !f.to &&
  !f.endedBefore &&
  !f.paymentStatus &&
  !f.ids;

export function createReservationListing(db: Db) {
  function conditions(filter: ReservationFilter): SQL | undefined {
    const where: SQL[] = [];
    if (filter.status?.length) where.push(inArray(reservations.status, [...filter.status]));
    if (filter.userId) where.push(eq(reservations.userId, filter.userId));
    if (filter.accountId) where.push(ofAccount(filter.accountId));
    if (filter.owner) where.push(ownStays(filter.owner));
    if (filter.from) where.push(gte(reservations.lastDay, filter.from));
    if (filter.to) where.push(lte(reservations.firstDay, filter.to));
    if (filter.endedBefore) where.push(lt(reservations.lastDay, filter.endedBefore));
    if (filter.paymentStatus) where.push(eq(reservations.paymentStatus, filter.paymentStatus));
    if (filter.ids) where.push(inArray(reservations.id, [...filter.ids]));
    return where.length ? and(...where) : undefined;
  }

  /** By first day, ties by id: a stable order, so pages neither repeat nor skip a row. */
  function listReservations(filter: ReservationFilter & ReservationOrder & PageWindow) {
    const where = conditions(filter);
    const by = filter.order === 'newest' ? desc : asc;
    return readPage(
      db,
      filter,
      (tx, page) => {
        const query = selectWithUser(tx)
          .where(where)
          .orderBy(by(reservations.firstDay), by(reservations.id))
          .$dynamic();
        return page ? query.limit(page.limit).offset(page.offset) : query;
      },
      async (tx) => {
        const [row] = countsKept(filter)
          ? await tx
              .select({ n: sql<number>`coalesce(sum(${reservationCounts.n}), 0)::int` })
              .from(reservationCounts)
              .where(
                filter.status?.length
                  ? inArray(reservationCounts.status, [...filter.status])
                  : undefined,
              )
          : await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(reservations)
              .where(where);
        return row!.n;
      },
    );
  }

  /** A count per status, 0 for the absent ones: the kept counts, or one GROUP BY of the filtered rows. */
  async function countByStatus(filter: Omit<ReservationFilter, 'status'>) {
    const rows = countsKept(filter)
      ? await db
          .select({ status: reservationCounts.status, n: reservationCounts.n })
          .from(reservationCounts)
      : await db
          .select({ status: reservations.status, n: sql<number>`count(*)::int` })
          .from(reservations)
          .where(conditions(filter))
          .groupBy(reservations.status);
    const counts = Object.fromEntries(RESERVATION_STATUSES.map((s) => [s, 0])) as Record<
      ReservationStatus,
      number
    >;
    for (const r of rows) counts[r.status] = r.n;
    return counts;
  }

  return { listReservations, countByStatus };
}
