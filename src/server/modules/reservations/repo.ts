import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { accounts, agreements, reservations, users } from '../../db/schema.js';
import { paidCentsColumn, refundedCentsColumn } from '../payments/paid.js';
import type { ReservationWithUser } from './presenter.js';

/** A reservation with its member, its church and the ledger's sums: what the presenter shows. */
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
  guests: reservations.guests,
  mealPlan: reservations.mealPlan,
  finalGuests: reservations.finalGuests,
  depositCents: reservations.depositCents,
  priceTerms: reservations.priceTerms,
  invoiceCount: reservations.invoiceCount,
  approvedAt: reservations.approvedAt,
  turnoverDays: reservations.turnoverDays,
  revision: reservations.revision,
  createdAt: reservations.createdAt,
  updatedAt: reservations.updatedAt,
  username: users.username,
  email: users.email,
  accountId: reservations.accountId,
  accountName: accounts.accountName,
  paidCents: paidCentsColumn,
  refundedCents: refundedCentsColumn,
  agreementVersion: agreements.version,
  agreementFullName: agreements.fullName,
  agreementAcceptedAt: agreements.acceptedAt,
};

export const selectWithUser = (db: Db) =>
  db
    .select(withUser)
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(accounts, eq(accounts.id, reservations.accountId))
    .leftJoin(agreements, eq(agreements.reservationId, reservations.id));

export async function findReservation(
  db: Db,
  id: number,
): Promise<ReservationWithUser | undefined> {
  const [row] = await selectWithUser(db).where(eq(reservations.id, id)).limit(1);
  return row;
}

/** The stays of a church: those it requested (docs/stays.md, "Whose stay"). */
export const ofAccount = (accountId: number) => eq(reservations.accountId, accountId);

/**
 * Reservations that hold at least one day of [first, last]: the ranges'
 * overlap, which the GiST index `reservations_day_range_idx` answers in the
 * same time at any table size (two comparisons would scan every earlier row).
 */
export const overlaps = (first: string, last: string) =>
  sql`daterange(${reservations.firstDay}, ${reservations.lastDay}, '[]') && daterange(${first}::date, ${last}::date, '[]')`;
