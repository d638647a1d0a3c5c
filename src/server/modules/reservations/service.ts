import { and, asc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import { addDays, monthBounds, timesToDays, todayIn } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import {
  ADMIN_CANCELLED,
  USER_CANCELLED,
  adminMay,
  adminStatusChange,
  userMay,
  type ReservationStatus,
} from '../../../shared/reservations.js';
import type { Db } from '../../db/open.js';
import { reservations, users } from '../../db/schema.js';
import { badRequest, conflict, notFound, sqlState } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ReservationWithUser } from './presenter.js';
import { createMonthCache } from './month-cache.js';
import { recordAccountEvent, type AccountEventKind } from '../history/service.js';

interface Deps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  facilityName: string;
  facilityTimezone: string;
  bookingHorizonDays: number;
}

const HOLDING: ReservationStatus[] = ['pending', 'approved'];
const daysTaken = () => conflict('Some of the selected days are already reserved.', 'days_taken');

const withUser = {
  id: reservations.id,
  userId: reservations.userId,
  firstDay: reservations.firstDay,
  lastDay: reservations.lastDay,
  eventName: reservations.eventName,
  eventDescription: reservations.eventDescription,
  additionalInfo: reservations.additionalInfo,
  status: reservations.status,
  paymentStatus: reservations.paymentStatus,
  adminNotes: reservations.adminNotes,
  cancellationReason: reservations.cancellationReason,
  createdAt: reservations.createdAt,
  updatedAt: reservations.updatedAt,
  username: users.username,
  email: users.email,
  accountId: users.accountId,
};

/** Reservations that hold at least one day of [first, last]. */
const overlaps = (first: string, last: string) =>
  and(lte(reservations.firstDay, last), gte(reservations.lastDay, first));

export interface ReservationFilter {
  status?: ReservationStatus | undefined;
  userId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function createReservationsService(deps: Deps) {
  const { db, mailer, publicUrl, facilityName } = deps;

  const selectWithUser = () =>
    db.select(withUser).from(reservations).innerJoin(users, eq(users.id, reservations.userId));

  async function find(id: number): Promise<ReservationWithUser | undefined> {
    const [row] = await selectWithUser().where(eq(reservations.id, id)).limit(1);
    return row;
  }

  /** A reservation the caller may see: their own, or any for an administrator. */
  async function findVisible(id: number, viewer: { id: number; role: string }) {
    const row = await find(id);
    // Someone else's reservation answers exactly like a missing one.
    if (!row || (viewer.role !== 'Administrator' && row.userId !== viewer.id)) throw notFound('Reservation not found.');
    return row;
  }

  function notifyMember(r: ReservationWithUser, subject: string, lines: string[]) {
    if (!r.email) return;
    mailer.send({
      to: r.email,
      subject: `${facilityName}: ${subject}`,
      text: [
        `Hello ${r.username},`,
        '',
        ...lines,
        '',
        `Event: ${r.eventName}`,
        `Dates: ${r.firstDay} to ${r.lastDay}`,
        '',
        `Your reservations: ${publicUrl}/account/reservations`,
        '',
        facilityName,
      ].join('\n'),
    });
  }

  async function notifyAdmins(r: ReservationWithUser) {
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'Administrator'), eq(users.status, 'active')));
    for (const a of admins) {
      if (!a.email) continue;
      mailer.send({
        to: a.email,
        subject: `${facilityName}: new reservation request from ${r.username}`,
        text: [
          `${r.username} asks for ${r.firstDay} to ${r.lastDay}.`,
          '',
          `Event: ${r.eventName}`,
          `Description: ${r.eventDescription}`,
          ...(r.additionalInfo ? [`Additional information: ${r.additionalInfo}`] : []),
          '',
          `Review it: ${publicUrl}/admin/reservations`,
        ].join('\n'),
      });
    }
  }

  const publicMonths = createMonthCache();
  const describe = (r: ReservationWithUser) => `${r.eventName} (${r.firstDay} to ${r.lastDay})`;
  const record = (r: ReservationWithUser & { accountId: number | null }, kind: AccountEventKind, summary: string, userId: number | null) =>
    recordAccountEvent(db, { accountId: r.accountId, userId, kind, summary, reservationId: r.id });

  return {
    async create(
      userId: number,
      input: { startTime: string; endTime: string; eventName: string; eventDescription: string; additionalInfo: string | null },
    ) {
      const days = timesToDays(input.startTime, input.endTime);
      if (!days || days.last < days.first) throw badRequest(messages.invalidDateRange, 'invalid_range');
      const today = todayIn(deps.facilityTimezone);
      if (days.first < today) throw badRequest('Reservations cannot start in the past.', 'start_in_past');
      if (days.first > addDays(today, deps.bookingHorizonDays)) {
        throw badRequest(`Reservations can start at most ${deps.bookingHorizonDays} days ahead.`, 'beyond_horizon');
      }
      let id: number;
      try {
        const [row] = await db
          .insert(reservations)
          .values({
            userId,
            firstDay: days.first,
            lastDay: days.last,
            eventName: input.eventName,
            eventDescription: input.eventDescription,
            additionalInfo: input.additionalInfo,
            status: 'pending',
            paymentStatus: 'unpaid',
          })
          .returning({ id: reservations.id });
        id = row!.id;
      } catch (err) {
        if (sqlState(err) === '23P01') throw daysTaken();
        throw err;
      }
      publicMonths.clear();
      const created = (await find(id))!;
      await record(created, 'reservation_requested', `Reservation requested: ${describe(created)}`, userId);
      await notifyAdmins(created);
      return created;
    },

    listMine(userId: number) {
      return selectWithUser()
        .where(eq(reservations.userId, userId))
        .orderBy(asc(reservations.firstDay), asc(reservations.id));
    },

    list(filter: ReservationFilter) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(reservations.status, filter.status));
      if (filter.userId) where.push(eq(reservations.userId, filter.userId));
      if (filter.from) where.push(gte(reservations.lastDay, filter.from));
      if (filter.to) where.push(lte(reservations.firstDay, filter.to));
      return selectWithUser()
        .where(where.length ? and(...where) : undefined)
        .orderBy(asc(reservations.firstDay), asc(reservations.id));
    },

    /** A member's month: their own reservations in full, and others' holding days. */
    async calendar(userId: number, year: number, month: number) {
      const { first, last } = monthBounds(year, month);
      const [own, others] = await Promise.all([
        selectWithUser()
          .where(and(eq(reservations.userId, userId), overlaps(first, last)))
          .orderBy(asc(reservations.firstDay), asc(reservations.id)),
        db
          .select({ firstDay: reservations.firstDay, lastDay: reservations.lastDay })
          .from(reservations)
          .where(and(ne(reservations.userId, userId), inArray(reservations.status, HOLDING), overlaps(first, last)))
          .orderBy(asc(reservations.firstDay)),
      ]);
      return { own, others };
    },

    /** The public calendar of a month, cached as JSON between changes. */
    publicCalendarJson: (year: number, month: number, load: () => Promise<string>) => publicMonths.get(year, month, load),

    publicCalendar(year: number, month: number) {
      const { first, last } = monthBounds(year, month);
      return db
        .select({ firstDay: reservations.firstDay, lastDay: reservations.lastDay })
        .from(reservations)
        .where(and(inArray(reservations.status, HOLDING), overlaps(first, last)))
        .orderBy(asc(reservations.firstDay));
    },

    async cancelOwn(id: number, viewer: { id: number; role: string }) {
      const r = await findVisible(id, { ...viewer, role: 'User' });
      if (!userMay('cancel', r.status)) throw conflict('Only pending or approved reservations can be cancelled.', 'transition_not_allowed');
      const [row] = await db
        .update(reservations)
        .set({ status: 'cancelled', cancellationReason: USER_CANCELLED, updatedAt: new Date() })
        .where(and(eq(reservations.id, id), inArray(reservations.status, HOLDING)))
        .returning({ id: reservations.id });
      if (!row) throw conflict('Only pending or approved reservations can be cancelled.', 'transition_not_allowed');
      publicMonths.clear();
      const cancelled = (await find(id))!;
      await record(cancelled, 'reservation_cancelled', `Reservation cancelled: ${describe(cancelled)}`, viewer.id);
      return cancelled;
    },

    async changeStatus(
      adminId: number,
      id: number,
      input: { status: 'approved' | 'rejected' | 'cancelled'; adminNotes: string | null; cancellationReason: string | null },
    ) {
      const r = await find(id);
      if (!r) throw notFound('Reservation not found.');
      const to = input.status;
      if (!adminStatusChange(r.status, to)) throw conflict(`A ${r.status} reservation cannot be ${input.status}.`, 'transition_not_allowed');
      const set =
        to === 'approved'
          ? { status: to }
          : to === 'rejected'
            ? { status: to, adminNotes: input.adminNotes }
            : { status: to, cancellationReason: ADMIN_CANCELLED, ...(input.adminNotes ? { adminNotes: input.adminNotes } : {}) };
      const [row] = await db
        .update(reservations)
        .set({ ...set, updatedAt: new Date() })
        // Only from the status just read: a concurrent change makes this one a conflict.
        .where(and(eq(reservations.id, id), eq(reservations.status, r.status)))
        .returning({ id: reservations.id });
      if (!row) throw conflict('The reservation changed meanwhile; reload and try again.', 'transition_not_allowed');
      publicMonths.clear();
      const updated = (await find(id))!;
      const outcome = { approved: 'approved', rejected: 'rejected', cancelled: 'cancelled by the house' }[to];
      await record(updated, `reservation_${to}`, `Reservation ${outcome}: ${describe(updated)}`, adminId);
      if (to === 'approved') notifyMember(updated, 'your reservation is approved', ['Your reservation request has been approved.']);
      if (to === 'rejected')
        notifyMember(updated, 'your reservation request', [
          'We are sorry: your reservation request could not be accepted.',
          ...(updated.adminNotes ? ['', `Reason: ${updated.adminNotes}`] : []),
        ]);
      if (to === 'cancelled') notifyMember(updated, 'your reservation is cancelled', ['Your reservation has been cancelled by the house.']);
      return updated;
    },

    async updateDetails(
      id: number,
      viewer: { id: number; role: string },
      input: { eventName: string; eventDescription: string; additionalInfo: string | null },
    ) {
      const r = await findVisible(id, viewer);
      const isAdmin = viewer.role === 'Administrator';
      if (!isAdmin && !userMay('edit', r.status)) {
        throw conflict('Cancelled or rejected reservations cannot be edited.', 'transition_not_allowed');
      }
      await db
        .update(reservations)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(reservations.id, id));
      const edited = (await find(id))!;
      await record(edited, 'reservation_edited', `Reservation details edited: ${describe(edited)}`, viewer.id);
      return edited;
    },

    async remove(adminId: number, id: number) {
      const r = await find(id);
      if (!r) throw notFound('Reservation not found.');
      if (!adminMay('delete', r.status)) throw conflict('Only cancelled or rejected reservations can be deleted.', 'transition_not_allowed');
      const deleted = await db
        .delete(reservations)
        .where(and(eq(reservations.id, id), inArray(reservations.status, ['cancelled', 'rejected'])))
        .returning({ id: reservations.id });
      if (deleted.length === 0) throw conflict('Only cancelled or rejected reservations can be deleted.', 'transition_not_allowed');
      await record(r, 'reservation_deleted', `Reservation removed: ${describe(r)}`, adminId);
    },
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;

