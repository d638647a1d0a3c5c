import { z } from './zod.js';

/** A month and day, `MM-DD`, the same every year. */
const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a day of the year as MM-DD, e.g. 06-01');
const cents = z.number().int().min(0).max(100_000_000);
const label = z.string().trim().min(1).max(80);

export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];
const meals = z.array(z.enum(MEALS)).max(3);
const days = z.number().int().min(0).max(365);

/** A meal plan: its meals every full day, priced per person and day. */
export const mealPlanSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'an id of lowercase letters, digits and dashes'),
  label,
  perPersonDayCents: cents,
  meals: meals.min(1),
});
export type MealPlan = z.infer<typeof mealPlanSchema>;

/** The deposit that confirms a stay: a percentage of its price, due some days after approval. */
export const depositRuleSchema = z.object({
  percent: z.number().int().min(0).max(100),
  refundable: z.boolean(),
  dueDaysAfterApproval: days.default(7),
});
export type DepositRule = z.infer<typeof depositRuleSchema>;

export const BALANCE_DUE_DAYS_DEFAULT = 14;
export const FINAL_COUNT_DUE_DAYS_DEFAULT = 21;

/**
 * Group pricing (docs/money.md, "Group pricing"): per person, with a minimum
 * billed count, meal plans, a deposit, and the balance and final count's due days.
 */
export const groupPricingSchema = z
  .object({
    minimumGuests: z.number().int().min(1).max(10_000),
    maximumGuests: z.number().int().min(1).max(10_000),
    perPersonNightCents: cents,
    dayUsePerPersonCents: cents,
    mealPlans: z.array(mealPlanSchema).default([]),
    /** The meals of a plan served on the arrival day (only those the plan has); without it, every meal. */
    arrivalDayMeals: meals.default([...MEALS]),
    /** The meals of a plan served on the departure day; without it, every meal. */
    departureDayMeals: meals.default([...MEALS]),
    deposit: depositRuleSchema.optional(),
    balanceDueDaysBeforeStart: days.default(BALANCE_DUE_DAYS_DEFAULT),
    /** At least the balance's days: the invoice of the final count comes first. */
    finalCountDueDaysBeforeStart: days.default(FINAL_COUNT_DUE_DAYS_DEFAULT),
    insuranceRequired: z.boolean().default(false),
  })
  .refine((g) => g.maximumGuests >= g.minimumGuests, {
    message: 'maximumGuests must be at least minimumGuests',
    path: ['maximumGuests'],
  })
  .refine((g) => new Set(g.mealPlans.map((p) => p.id)).size === g.mealPlans.length, {
    message: 'two meal plans have the same id',
    path: ['mealPlans'],
  });
export type GroupPricing = z.output<typeof groupPricingSchema>;

/**
 * content/pricing.json (docs/money.md): the house's rates and its cancellation
 * policy. Every field is optional; a missing daily rate is DAILY_RATE_CENTS.
 */
export const pricingFileSchema = z.object({
  /** The rate of a day no season or weekday rate covers. */
  dailyRateCents: cents.optional(),
  /** Label of the default rate on a quote. */
  defaultLabel: label.default('Daily rate'),
  /** Seasons, first match wins; `from` after `to` wraps over the new year. */
  seasons: z
    .array(z.object({ label, from: monthDay, to: monthDay, dailyRateCents: cents }))
    .default([]),
  /** Rates for weekdays outside seasons (0 = Sunday … 6 = Saturday), first match wins. */
  weekdayRates: z
    .array(
      z.object({
        label,
        weekdays: z.array(z.number().int().min(0).max(6)).min(1),
        dailyRateCents: cents,
      }),
    )
    .default([]),
  /** Refund tiers: at least `daysBeforeStart` whole days before the first day refunds `refundPercent`. */
  cancellationPolicy: z
    .array(
      z.object({
        daysBeforeStart: z.number().int().min(0).max(3650),
        refundPercent: z.number().int().min(0).max(100),
      }),
    )
    .default([]),
  /** Per-person pricing of a group's stay; without it the house is priced by the day only. */
  group: groupPricingSchema.optional(),
});
export type PricingFile = z.input<typeof pricingFileSchema>;

export const pricingRulesSchema = pricingFileSchema.extend({
  dailyRateCents: cents,
  currency: z.string().length(3),
});
/** The rules with every default filled in: what the server and the screens price with. */
export type PricingRules = z.output<typeof pricingRulesSchema>;
export type CancellationTier = PricingRules['cancellationPolicy'][number];

/**
 * One line of a quote: a day rate (`days` × `dailyCents`) or a per-person one
 * (`quantity` × `unitCents`, e.g. guest-nights); `amountCents` is the product.
 */
export const quoteLineSchema = z.object({
  label: z.string(),
  days: z.number().int().optional(),
  dailyCents: z.number().int().optional(),
  quantity: z.number().int().optional(),
  unitCents: z.number().int().optional(),
  amountCents: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  currency: z.string(),
  days: z.number().int(),
  totalCents: z.number().int(),
  lines: z.array(quoteLineSchema),
  /** As asked (null: not given, billed at the minimum). */
  guests: z.number().int().nullable(),
  /** max(guests, minimumGuests) with group pricing, else null. */
  billedGuests: z.number().int().nullable(),
  mealPlan: z.string().nullable(),
  depositCents: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** GET /api/facility/pricing: the rates and the cancellation policy, for the public pages. */
export const pricingInfoSchema = pricingRulesSchema.extend({
  policyDescription: z.string(),
  /** The per-person rates in words (none without group pricing). */
  groupRates: z.array(z.string()),
});
export type PricingInfo = z.infer<typeof pricingInfoSchema>;

/** GET /api/facility/quote: the first and last day of the stay, the guests and the meal plan. */
export const quoteQuery = z.object({
  start: z.string(),
  end: z.string(),
  guests: z.string().max(12).optional(),
  mealPlan: z.string().max(40).optional(),
});
