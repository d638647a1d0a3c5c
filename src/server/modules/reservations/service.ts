import { and, asc, eq, exists, inArray, not, sql } from 'drizzle-orm';
import { describeStay, reservationEditSummary } from '../../../shared/change-summary.js';
import { addDays, monthBounds } from '../../../shared/dates.js';
import { adminMay, userMay, type ReservationStatus } from '../../../shared/reservations.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { reservations, users } from '../../db/schema.js';
import type { PageWindow } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import type { Outbox } from '../../mail/outbox.js';
import { recordAccountEvent } from '../history/service.js';
import type { PaymentsService } from '../payments/service.js';
import { createMonthCache } from './month-cache.js';
import {
  createReservationListing,
  type MemberListQuery,
  type ReservationFilter,
} from './listing.js';
import { mayOpenStay, ownStays, type StayViewer } from './ownership.js';
import { findReservation, overlaps, selectWithUser } from './repo.js';
import { createStatusChanges } from './status-changes.js';
import { createRequest, type NewRequest } from './new-request.js';
import { isAdmin } from '../../../shared/roles.js';

interface Deps {
  db: Db;
  outbox: Outbox;
  payments: PaymentsService;
  pricing: () => PricingRules;
  publicUrl: string;
  houseName: () => string;
  facilityTimezone: string;
  bookingHorizonDays: number;
  /** Days kept free after each new stay (TURNOVER_DAYS), stored on the reservation. */
  turnoverDays: number;
  now: () => Date;
}

const HOLDING: ReservationStatus[] = ['pending', 'approved'];
/** A member as the lists ask: who they are and the church they belong to now. */
type Member = { id: number; accountId: number | null };
const ownerOf = ({ id, accountId }: Member): Member => ({ id, accountId });

export function createReservationsService(deps: Deps) {
  const { db } = deps;
  const publicMonths = createMonthCache<{ json: string; etag: string }>();
  const find = (id: number) => findReservation(db, id);
  /**
   * A month widened by the turnover days on both sides: a stay just outside the
   * month still makes turnover days inside it (docs/calendar.md).
   */
  const aroundMonth = (year: number, month: number) => {
    const { first, last } = monthBounds(year, month);
    return { first: addDays(first, -deps.turnoverDays), last: addDays(last, deps.turnoverDays) };
  };

  const { listReservations, countByStatus } = createReservationListing(db);

  /** A reservation the caller may see: their own (ownership.ts), or any for an administrator. */
  async function findVisible(id: number, viewer: StayViewer) {
    const row = await find(id);
    // Someone else's reservation answers exactly like a missing one.
    if (!row || !mayOpenStay(row, viewer)) throw notFound('Reservation not found.');
    return row;
  }

  const statusChanges = createStatusChanges({
    db,
    payments: deps.payments,
    pricing: deps.pricing,
    facilityTimezone: deps.facilityTimezone,
    publicUrl: deps.publicUrl,
    houseName: deps.houseName,
    now: deps.now,
    outbox: deps.outbox,
    changed: () => publicMonths.clear(),
  });

  return {
    ...statusChanges,

    /** A new request, priced now (the price stays with it), with its account event, in one transaction. */
    create: (userId: number, input: NewRequest) =>
      createRequest({ ...deps, changed: () => publicMonths.clear() }, userId, input),

    /** A member's own reservations: a tab, the past stays, paged on request (docs/lists.md). */
    listMine: (member: Member, q: MemberListQuery) =>
      listReservations({ ...q, owner: ownerOf(member) }),

    /** How many of the member's reservations have each status (the tabs' counts). */
    countMine: (member: Member) => countByStatus({ owner: ownerOf(member) }),

    /** Every reservation with its church, filtered, by start, paged on request. */
    list: (filter: ReservationFilter & PageWindow) => listReservations(filter),

    /** How many reservations of the filters (but the status) have each status. */
    counts: (filter: Omit<ReservationFilter, 'status'>) => countByStatus(filter),

    /** The members who have a reservation (of one church, whatever church they are in now), by username. */
    members(accountId?: number) {
      return db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          exists(
            db
              .select({ one: sql`1` })
              .from(reservations)
              .where(
                and(
                  eq(reservations.userId, users.id),
                  accountId ? eq(reservations.accountId, accountId) : undefined,
                ),
              ),
          ),
        )
        .orderBy(sql`lower(${users.username})`, asc(users.id));
    },

    /** A member's month: their own reservations in full, and others' holding days. */
    async calendar(member: Member, year: number, month: number) {
      const { first, last } = aroundMonth(year, month);
      const own = ownStays(ownerOf(member));
      const [mine, others] = await Promise.all([
        selectWithUser(db)
          .where(and(own, overlaps(first, last)))
          .orderBy(asc(reservations.firstDay), asc(reservations.id)),
        db
          .select({ firstDay: reservations.firstDay, lastDay: reservations.lastDay })
          .from(reservations)
          .where(and(not(own), inArray(reservations.status, HOLDING), overlaps(first, last)))
          .orderBy(asc(reservations.firstDay)),
      ]);
      return { own: mine, others };
    },

    /** The public calendar of a month, cached as JSON between changes. */
    publicCalendarJson: (
      year: number,
      month: number,
      load: () => Promise<{ json: string; etag: string }>,
    ) => publicMonths.get(year, month, load),

    publicCalendar(year: number, month: number) {
      const { first, last } = aroundMonth(year, month);
      return db
        .select({ firstDay: reservations.firstDay, lastDay: reservations.lastDay })
        .from(reservations)
        .where(and(inArray(reservations.status, HOLDING), overlaps(first, last)))
        .orderBy(asc(reservations.firstDay));
    },

    /** What cancelling now would refund (the owner or an administrator). */
    async cancellationQuote(id: number, viewer: StayViewer) {
      return deps.payments.cancellationQuote(await findVisible(id, viewer));
    },

    async updateDetails(
      id: number,
      viewer: StayViewer,
      input: { eventName: string; eventDescription: string; additionalInfo: string | null },
    ) {
      const r = await findVisible(id, viewer);
      if (!isAdmin(viewer) && !userMay('edit', r.status)) {
        throw conflict(
          'Cancelled or rejected reservations cannot be edited.',
          'transition_not_allowed',
        );
      }
      return inTransaction(db, async (tx) => {
        // The details as this edit finds them, locked until it commits.
        const [before] = await tx
          .select({
            eventName: reservations.eventName,
            eventDescription: reservations.eventDescription,
            additionalInfo: reservations.additionalInfo,
            firstDay: reservations.firstDay,
            lastDay: reservations.lastDay,
          })
          .from(reservations)
          .where(eq(reservations.id, id))
          .for('update');
        if (!before) throw notFound('Reservation not found.');
        await tx
          .update(reservations)
          .set({ ...input, updatedAt: deps.now() })
          .where(eq(reservations.id, id));
        const edited = (await findReservation(tx, id))!;
        await recordAccountEvent(tx, {
          accountId: edited.accountId,
          userId: viewer.id,
          kind: 'reservation_edited',
          summary: reservationEditSummary(before, edited),
          reservationId: id,
        });
        return edited;
      });
    },

    /** Removes a cancelled or rejected reservation; its ledger entries, receipts and credit notes stay. */
    async remove(adminId: number, id: number) {
      const r = await find(id);
      if (!r) throw notFound('Reservation not found.');
      const notDeletable = () =>
        conflict(
          'Only cancelled or rejected reservations can be deleted.',
          'transition_not_allowed',
        );
      if (!adminMay('delete', r.status)) throw notDeletable();
      await inTransaction(db, async (tx) => {
        const deleted = await tx
          .delete(reservations)
          .where(
            and(eq(reservations.id, id), inArray(reservations.status, ['cancelled', 'rejected'])),
          )
          .returning({ id: reservations.id });
        if (deleted.length === 0) throw notDeletable();
        await recordAccountEvent(tx, {
          accountId: r.accountId,
          userId: adminId,
          kind: 'reservation_deleted',
          summary: `Reservation removed: ${describeStay(r)}`,
          reservationId: id,
        });
      });
    },
  };
}

export type { ReservationFilter };
export type ReservationsService = ReturnType<typeof createReservationsService>;
