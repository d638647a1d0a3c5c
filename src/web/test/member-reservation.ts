/**
 * The reservation of `testUser` (of Grace Church) that the member's own
 * screens list, as the tests of My Reservations and Payments build theirs.
 */
import { inclusiveDayCount } from '../../shared/dates.js';
import type { Reservation } from '../../shared/schemas/reservations.js';
import { testUser } from './utils.js';

/** As just asked for unless told: pending, unpaid and priced at $150 a day. */
export function memberReservation(
  id: number,
  over: Partial<Reservation> & Pick<Reservation, 'startTime' | 'endTime'>,
): Reservation {
  return {
    id,
    userId: testUser.id,
    user: { username: testUser.username, email: testUser.email },
    eventName: 'Event',
    eventDescription: 'Description',
    additionalInfo: null,
    status: 'pending',
    paymentStatus: 'unpaid',
    adminNotes: null,
    cancellationReason: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    priceCents: inclusiveDayCount(over.startTime, over.endTime) * 15000,
    currency: 'USD',
    paidCents: 0,
    refundedCents: 0,
    guests: null,
    mealPlan: null,
    finalGuests: null,
    depositCents: 0,
    balanceDueDate: null,
    agreement: null,
    accountName: 'Grace Church',
    ...over,
  };
}
