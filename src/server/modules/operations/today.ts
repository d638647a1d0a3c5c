import { count, eq } from 'drizzle-orm';
import { addDays, todayIn } from '../../../shared/dates.js';
import {
  ARRIVING_DAYS,
  type AdminToday,
  type DashboardStay,
} from '../../../shared/schemas/operations.js';
import { isOverdue } from '../../../shared/stay-checklist.js';
import type { Db } from '../../db/open.js';
import { mailOutbox, reservations, users } from '../../db/schema.js';
import type { Checklists } from '../stays/checklist.js';

/** How far back the dashboard looks for stays with something overdue (a balance after the stay). */
export const OVERDUE_LOOKBACK_DAYS = 90;
/**
 * How far ahead: the questionnaire, insurance and balance fall due within a
 * year of arrival. A stay further ahead is left out (an agreement or deposit
 * late on it is still reminded by mail), which keeps the dashboard as quick
 * with years of stays booked.
 */
export const OVERDUE_LOOKAHEAD_DAYS = 366;

/**
 * What needs the staff today (docs/house-operations.md): requests and people
 * waiting, the stays arriving in the next 14 days with their checklists, the
 * stays with something overdue, and mail that failed. Each part is one query
 * bounded by a status or a date, so it stays quick as the house's years add up.
 */
export function createToday(deps: {
  db: Db;
  checklists: Checklists;
  facilityTimezone: string;
  now: () => Date;
}) {
  return async function today(): Promise<AdminToday> {
    const { db } = deps;
    const day = todayIn(deps.facilityTimezone, deps.now());
    const until = addDays(day, ARRIVING_DAYS);
    const [stays, [pendingReservations], [pendingUsers], [failedMail]] = await Promise.all([
      deps.checklists.approvedFrom(
        db,
        addDays(day, -OVERDUE_LOOKBACK_DAYS),
        addDays(day, OVERDUE_LOOKAHEAD_DAYS),
      ),
      db.select({ n: count() }).from(reservations).where(eq(reservations.status, 'pending')),
      db.select({ n: count() }).from(users).where(eq(users.status, 'pending')),
      db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed')),
    ]);
    const present = (s: (typeof stays)[number]): DashboardStay => ({
      id: s.r.id,
      eventName: s.r.eventName,
      accountName: s.accountName,
      username: s.username,
      firstDay: s.r.firstDay,
      lastDay: s.r.lastDay,
      guests: s.r.finalGuests ?? s.r.guests,
      items: s.items,
    });
    return {
      today: day,
      pendingReservations: pendingReservations?.n ?? 0,
      pendingUsers: pendingUsers?.n ?? 0,
      arriving: stays.filter((s) => s.r.firstDay >= day && s.r.firstDay <= until).map(present),
      overdue: stays.filter((s) => s.items.some((i) => isOverdue(i, day))).map(present),
      failedMail: failedMail?.n ?? 0,
    };
  };
}
