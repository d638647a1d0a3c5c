import { DIETS, checklistItemSchema, type Diet } from './questionnaire.js';
import { z } from './zod.js';

/** The house's operations (docs/house-operations.md): the kitchen, the stays, the year. */

const dayKey = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day as YYYY-MM-DD, for example 2027-05-14.');

/** The longest range the kitchen sheet covers at once. */
export const KITCHEN_MAX_DAYS = 366;

export const kitchenQuery = z.object({ from: dayKey, to: dayKey });
export type KitchenQuery = z.infer<typeof kitchenQuery>;

export const dietCountsSchema = z.object(
  Object.fromEntries(DIETS.map((d) => [d, z.number().int()])) as Record<Diet, z.ZodNumber>,
);
export type DietCounts = z.infer<typeof dietCountsSchema>;

/** One day of the kitchen sheet: meals to cook and the diets among them. */
export const kitchenDaySchema = z.object({
  date: z.string(),
  breakfast: z.number().int(),
  lunch: z.number().int(),
  dinner: z.number().int(),
  diets: dietCountsSchema,
});
export type KitchenDay = z.infer<typeof kitchenDaySchema>;

/** A stay the kitchen cooks for in the range: who, how many, which meals, and what to mind. */
export const kitchenStaySchema = z.object({
  id: z.number().int(),
  eventName: z.string(),
  accountName: z.string().nullable(),
  firstDay: z.string(),
  lastDay: z.string(),
  /** Final count, else the count asked, else the house's minimum. */
  guests: z.number().int(),
  finalCount: z.boolean(),
  mealPlan: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  /**
   * Where its diets and arrival time come from: no questionnaire yet, the
   * leader's draft (not sent: it may change), or the questionnaire as sent.
   */
  answers: z.enum(['none', 'draft', 'sent']),
  diets: dietCountsSchema,
  dietNotes: z.string(),
});
export type KitchenStay = z.infer<typeof kitchenStaySchema>;

/** The kitchen's word for where a stay's answers come from (screen and sheets alike). */
export const ANSWERS_WORDS: Record<KitchenStay['answers'], string> = {
  none: 'No questionnaire yet',
  draft: 'Draft, not sent: may still change',
  sent: 'Sent by the group',
};

export const occupancyQuery = z.object({
  year: z.coerce
    .number({ error: 'Give the year as four digits, for example 2027.' })
    .int('Give the year as four digits, for example 2027.')
    .min(2000, 'Give a year from 2000 to 2100.')
    .max(2100, 'Give a year from 2000 to 2100.'),
});

/** One month of the occupancy and revenue report. */
export const occupancyMonthSchema = z.object({
  month: z.number().int(),
  days: z.number().int(),
  heldDays: z.number().int(),
  closedDays: z.number().int(),
  occupancyPercent: z.number(),
  stays: z.number().int(),
  guestNights: z.number().int(),
  invoicedCents: z.number().int(),
  receivedCents: z.number().int(),
  refundedCents: z.number().int(),
  outstandingCents: z.number().int(),
});
export type OccupancyMonth = z.infer<typeof occupancyMonthSchema>;
export const OCCUPANCY_COLUMNS = Object.keys(
  occupancyMonthSchema.shape,
) as (keyof OccupancyMonth)[];

/** A stay on the dashboard: arriving soon, or with something overdue. */
export const dashboardStaySchema = z.object({
  id: z.number().int(),
  eventName: z.string(),
  accountName: z.string().nullable(),
  username: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  guests: z.number().int().nullable(),
  items: z.array(checklistItemSchema),
});
export type DashboardStay = z.infer<typeof dashboardStaySchema>;

/** GET /api/admin/today: what needs the staff today. */
export const adminTodaySchema = z.object({
  today: z.string(),
  pendingReservations: z.number().int(),
  pendingUsers: z.number().int(),
  /** Approved stays whose first day is from today to 14 days on. */
  arriving: z.array(dashboardStaySchema),
  /** Approved stays with an overdue questionnaire or balance (or other item). */
  overdue: z.array(dashboardStaySchema),
  failedMail: z.number().int(),
});
export type AdminToday = z.infer<typeof adminTodaySchema>;

/** How far ahead the dashboard looks for arrivals. */
export const ARRIVING_DAYS = 14;
