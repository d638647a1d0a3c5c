import { endTimeOf, startTimeOf } from '../../../shared/dates.js';
import type {
  AdminReservation,
  OtherReserved,
  PublicCalendarEntry,
  Reservation,
} from '../../../shared/schemas/index.js';
import type { reservations } from '../../db/schema.js';

export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationWithUser = ReservationRow & {
  username: string;
  email: string | null;
  accountId: number | null;
  accountName: string | null;
  paidCents: number;
  refundedCents: number;
};

export const presentReservation = (r: ReservationWithUser): Reservation => ({
  id: r.id,
  userId: r.userId,
  user: { username: r.username, email: r.email },
  startTime: startTimeOf(r.firstDay),
  endTime: endTimeOf(r.lastDay),
  eventName: r.eventName,
  eventDescription: r.eventDescription,
  additionalInfo: r.additionalInfo,
  status: r.status,
  paymentStatus: r.paymentStatus,
  adminNotes: r.adminNotes,
  cancellationReason: r.cancellationReason,
  createdAt: r.createdAt.toISOString(),
  priceCents: r.priceCents ?? 0,
  currency: r.currency ?? '',
  paidCents: Number(r.paidCents),
  refundedCents: Number(r.refundedCents),
  accountName: r.accountName,
});

/** A reservation in an administrator's lists: with its member's church id too. */
export const presentAdminReservation = (r: ReservationWithUser): AdminReservation => ({
  ...presentReservation(r),
  accountId: r.accountId,
});

/** Another member's reservation: only its days ever leave the server. */
export const presentOtherReserved = (r: { firstDay: string; lastDay: string }): OtherReserved => ({
  startTime: startTimeOf(r.firstDay),
  endTime: endTimeOf(r.lastDay),
  status: 'otherReserved',
});

export const presentPublicEntry = (r: {
  firstDay: string;
  lastDay: string;
}): PublicCalendarEntry => ({
  startTime: startTimeOf(r.firstDay),
  endTime: endTimeOf(r.lastDay),
});
