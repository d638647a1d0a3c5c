import { endTimeOf, startTimeOf } from '../../../shared/dates.js';
import { balanceDueDate } from '../../../shared/group-pricing.js';
import { quoteStay } from '../../../shared/group-pricing.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
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
  agreementVersion: string | null;
  agreementFullName: string | null;
  agreementAcceptedAt: Date | null;
};

/**
 * The presenters of a house's rules. A reservation of an earlier release that
 * the background job (fill-prices.ts) has not priced yet shows the price the
 * job will give it: today's rules for its days, as for a new request (the
 * rules as they are now: the staff may edit them, docs/site-content.md).
 */
export function reservationPresenters(pricing: () => PricingRules) {
  const priceOf = (r: ReservationWithUser) => {
    if (r.priceCents !== null && r.currency !== null)
      return { priceCents: r.priceCents, currency: r.currency };
    const q = quoteStay(pricing(), r.firstDay, r.lastDay);
    return { priceCents: q.totalCents, currency: q.currency };
  };

  const reservation = (r: ReservationWithUser): Reservation => ({
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
    ...priceOf(r),
    paidCents: Number(r.paidCents),
    refundedCents: Number(r.refundedCents),
    accountName: r.accountName,
    guests: r.guests,
    mealPlan: r.mealPlan,
    finalGuests: r.finalGuests,
    depositCents: r.depositCents,
    balanceDueDate: balanceDueDate(r.priceTerms, r.firstDay),
    agreement:
      r.agreementVersion && r.agreementFullName && r.agreementAcceptedAt
        ? {
            version: r.agreementVersion,
            fullName: r.agreementFullName,
            acceptedAt: r.agreementAcceptedAt.toISOString(),
          }
        : null,
  });

  return {
    reservation,
    /** A reservation in an administrator's lists: with its church's id too (docs/stays.md, "Whose stay"). */
    adminReservation: (r: ReservationWithUser): AdminReservation => ({
      ...reservation(r),
      accountId: r.accountId,
    }),
  };
}

export type ReservationPresenters = ReturnType<typeof reservationPresenters>;

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
