import { z } from './zod.js';
import { messages } from '../messages.js';
import { END_TIME, START_TIME, daysBetween, isDayKey, timesToDays } from '../dates.js';
import { RESERVATION_STATUSES, PAYMENT_STATUSES, type ReservationStatus } from '../reservations.js';
import { pageQuery } from './common.js';
import { acceptedAgreementSchema } from './agreement.js';

export const MAX_EVENT_NAME = 200;
export const MAX_LONG_TEXT = 5000;
export const MAX_ADMIN_NOTES = 2000;
/** The longest stay one request may hold. */
export const MAX_RESERVATION_DAYS = 60;

export const reservationStatusSchema = z.enum(RESERVATION_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const reservationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  user: z.object({ username: z.string(), email: z.string().nullable() }),
  startTime: z.string(),
  endTime: z.string(),
  eventName: z.string(),
  eventDescription: z.string(),
  additionalInfo: z.string().nullable(),
  status: reservationStatusSchema,
  paymentStatus: paymentStatusSchema,
  adminNotes: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  createdAt: z.string(),
  /** The price fixed when the dates were requested (docs/money.md). */
  priceCents: z.number().int(),
  currency: z.string(),
  /** Sums of the ledger's charges and refunds for this reservation. */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The church of the member who asked (for an administrator; members see their own). */
  accountName: z.string().nullable(),
  /** The group's expected guests as asked; null when not given (billed at the minimum). */
  guests: z.number().int().nullable(),
  mealPlan: z.string().nullable(),
  /** The final headcount, once given; it never changes `guests`. */
  finalGuests: z.number().int().nullable(),
  /** The deposit asked (0 without a deposit rule). */
  depositCents: z.number().int(),
  /** The first day − the balance's due days, or null without group pricing. */
  balanceDueDate: z.string().nullable(),
  /** The facility agreement accepted for this stay, or null. */
  agreement: acceptedAgreementSchema.nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** A reservation in an administrator's lists: with the id of its church (the one that requested it) too. */
export const adminReservationSchema = reservationSchema.extend({
  accountId: z.number().int().nullable(),
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;

/** Someone else's reservation as a member sees it: its days, nothing more. */
export const otherReservedSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  status: z.literal('otherReserved'),
});
export type OtherReserved = z.infer<typeof otherReservedSchema>;

export const calendarEntrySchema = z.union([reservationSchema, otherReservedSchema]);
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const publicCalendarEntrySchema = z.object({ startTime: z.string(), endTime: z.string() });
export type PublicCalendarEntry = z.infer<typeof publicCalendarEntrySchema>;

export const calendarQuery = z.object({
  year: z.coerce.number({ error: 'year must be a number' }).int().min(2000).max(2200),
  month: z.coerce
    .number({ error: 'month must be a number from 1 to 12' })
    .int()
    .min(1, 'month must be a number from 1 to 12')
    .max(12, 'month must be a number from 1 to 12'),
});

const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters, please.`);
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters, please.`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

const rangeCheck = (v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  const days = timesToDays(v.startTime, v.endTime);
  if (!days || days.last < days.first) {
    ctx.addIssue({ code: 'custom', message: messages.invalidDateRange, path: ['startTime'] });
  } else if (daysBetween(days.first, days.last) + 1 > MAX_RESERVATION_DAYS) {
    ctx.addIssue({
      code: 'custom',
      message: `A reservation can be at most ${MAX_RESERVATION_DAYS} days long.`,
      path: ['endTime'],
    });
  }
};

export const createReservationBody = z
  .object({
    startTime: z.string({ error: messages.selectAtLeastOneDate }).max(40),
    endTime: z.string({ error: messages.selectAtLeastOneDate }).max(40),
    eventName: requiredText(MAX_EVENT_NAME, messages.enterEventName),
    eventDescription: requiredText(MAX_LONG_TEXT, messages.enterEventDescription),
    additionalInfo: optionalText(MAX_LONG_TEXT),
    /** Expected guests: from 1 to the house's maximum (checked by the house's rules, 400 invalid_guests). */
    guests: z
      .number({ error: 'Give the number of guests.' })
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .nullish(),
    /** A meal plan of the house's, or none (400 unknown_meal_plan). */
    mealPlan: z.string().max(40).nullish(),
  })
  .superRefine(rangeCheck);
export type CreateReservationBody = z.input<typeof createReservationBody>;

export const reservationDetailsBody = z.object({
  eventName: requiredText(MAX_EVENT_NAME, messages.userEditRequired),
  eventDescription: requiredText(MAX_LONG_TEXT, messages.userEditRequired),
  additionalInfo: optionalText(MAX_LONG_TEXT),
});

export const statusChangeBody = z.object({
  status: z.enum(['approved', 'rejected', 'cancelled'], {
    error: 'status must be approved, rejected or cancelled',
  }),
  adminNotes: optionalText(MAX_ADMIN_NOTES),
  cancellationReason: optionalText(200),
  /** Rejecting or cancelling a paid reservation: how much to refund (default: all that was paid). */
  refundCents: z.number().int().min(0).max(100_000_000).optional(),
  /** Required when the refund is less than what was paid. */
  refundReason: optionalText(MAX_ADMIN_NOTES),
});

const dayParam = z.string().refine(isDayKey, 'Use a date as YYYY-MM-DD.').optional();

const STATUS_LIST = new RegExp(
  `^(${RESERVATION_STATUSES.join('|')})(,(${RESERVATION_STATUSES.join('|')}))*$`,
);

/** `status=pending` or several at once, `status=pending,approved` (a tab of the lists). */
const statusFilter = z
  .string()
  .max(100)
  .regex(
    STATUS_LIST,
    'status must be pending, approved, rejected or cancelled, or several of them separated by commas',
  )
  .transform((v) => [...new Set(v.split(','))] as ReservationStatus[]);

const reservationFilters = {
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Reservations of this church's members. */
  accountId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Reservations ending on or after this day. */
  from: dayParam,
  /** Reservations starting on or before this day. */
  to: dayParam,
};

/** The most reservations one `ids` filter may name. */
export const MAX_IDS_FILTER = 500;

/** `ids=4,9,12`: these reservations only (at most MAX_IDS_FILTER of them). */
const idsFilter = z
  .string()
  .max(MAX_IDS_FILTER * 11)
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'ids must be reservation ids separated by commas')
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .refine(
    (ids) => ids.length <= MAX_IDS_FILTER,
    `ids may name ${MAX_IDS_FILTER} reservations at most`,
  )
  .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'ids must be reservation ids');

/** GET /api/reservations (admin): filters, and paging with `limit`/`offset`. */
export const adminReservationsQuery = z.object({
  status: statusFilter.optional(),
  ...reservationFilters,
  /** These reservations only: the staff's stay page asks for its one (docs/stays.md). */
  ids: idsFilter.optional(),
  ...pageQuery,
});
export type AdminReservationsQuery = z.input<typeof adminReservationsQuery>;

/** GET /api/reservations/counts (admin): the same filters but the status. */
export const reservationCountsQuery = z.object(reservationFilters);

/**
 * GET /api/reservations/my-reservations: a tab's statuses, the past stays
 * (`endedBefore` the house's today, `order=newest`), the ones to pay
 * (`status=pending,approved&paymentStatus=unpaid`), named ones (`ids`), and paging.
 */
export const myReservationsQuery = z.object({
  status: statusFilter.optional(),
  /** Reservations whose last day is before this day. */
  endedBefore: dayParam,
  paymentStatus: paymentStatusSchema.optional(),
  ids: idsFilter.optional(),
  /** `start` (the default): by first day; `newest`: the latest first day first. */
  order: z.enum(['start', 'newest']).optional(),
  ...pageQuery,
});
export type MyReservationsQuery = z.input<typeof myReservationsQuery>;

/** How many reservations have each status (the tabs' counts), from the database. */
export const reservationCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  cancelled: z.number().int(),
});
export type ReservationCounts = z.infer<typeof reservationCountsSchema>;

/** GET /api/reservations/members (admin): the members who have a reservation. */
export const reservationMemberSchema = z.object({ id: z.number().int(), username: z.string() });
export type ReservationMember = z.infer<typeof reservationMemberSchema>;
export const reservationMembersQuery = z.object({
  accountId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export { START_TIME, END_TIME };
