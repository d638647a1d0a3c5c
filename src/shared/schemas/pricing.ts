import { z } from './zod.js';

/** A month and day, `MM-DD`, the same every year. */
const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a day of the year as MM-DD, e.g. 06-01');
const cents = z.number().int().min(0).max(100_000_000);
const label = z.string().trim().min(1).max(80);

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
});
export type PricingFile = z.input<typeof pricingFileSchema>;

export const pricingRulesSchema = pricingFileSchema.extend({
  dailyRateCents: cents,
  currency: z.string().length(3),
});
/** The rules with every default filled in: what the server and the screens price with. */
export type PricingRules = z.output<typeof pricingRulesSchema>;
export type CancellationTier = PricingRules['cancellationPolicy'][number];

export const quoteLineSchema = z.object({
  label: z.string(),
  days: z.number().int(),
  dailyCents: z.number().int(),
  amountCents: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  currency: z.string(),
  days: z.number().int(),
  totalCents: z.number().int(),
  lines: z.array(quoteLineSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

/** GET /api/facility/pricing: the rates and the cancellation policy, for the public pages. */
export const pricingInfoSchema = pricingRulesSchema.extend({ policyDescription: z.string() });
export type PricingInfo = z.infer<typeof pricingInfoSchema>;

/** GET /api/facility/quote: the first and last day of the stay. */
export const quoteQuery = z.object({ start: z.string(), end: z.string() });
