import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { accounts, reservations, users } from '../../db/schema.js';
import { paidCentsColumn, refundedCentsColumn } from '../payments/ledger.js';
import type { ReservationWithUser } from './presenter.js';

/** A reservation with its member, church and the ledger's sums: what the presenter shows. */
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
  priceCents: reservations.priceCents,
  currency: reservations.currency,
  createdAt: reservations.createdAt,
  updatedAt: reservations.updatedAt,
  username: users.username,
  email: users.email,
  accountId: users.accountId,
  accountName: accounts.accountName,
  paidCents: paidCentsColumn,
  refundedCents: refundedCentsColumn,
};

export const selectWithUser = (db: Db) =>
  db
    .select(withUser)
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId));

export async function findReservation(
  db: Db,
  id: number,
): Promise<ReservationWithUser | undefined> {
  const [row] = await selectWithUser(db).where(eq(reservations.id, id)).limit(1);
  return row;
}

/** Reservations that hold at least one day of [first, last]. */
export const overlaps = (first: string, last: string) =>
  and(lte(reservations.firstDay, last), gte(reservations.lastDay, first));
