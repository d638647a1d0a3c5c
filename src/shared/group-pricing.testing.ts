// The group house of the tests (docs/money.md, "Group pricing"), one for the
// shared rules, the server and the web app: $65.00 per person a night, $25.00
// a day event, three meals a day at $35.00, a minimum of 12 and a maximum of
// 40 guests, a 25 % deposit that is not refunded, the balance due 14 days and
// the final count 10 days before arrival.
import { pricingRulesSchema, type PricingFile, type PricingRules } from './schemas/pricing.js';

export const GROUP_PRICING: PricingFile = {
  dailyRateCents: 0,
  cancellationPolicy: [
    { daysBeforeStart: 30, refundPercent: 100 },
    { daysBeforeStart: 14, refundPercent: 50 },
  ],
  group: {
    minimumGuests: 12,
    maximumGuests: 40,
    perPersonNightCents: 6500,
    dayUsePerPersonCents: 2500,
    mealPlans: [
      {
        id: 'full-board',
        label: 'Three meals a day',
        perPersonDayCents: 3500,
        meals: ['breakfast', 'lunch', 'dinner'],
      },
    ],
    deposit: { percent: 25, refundable: false, dueDaysAfterApproval: 7 },
    balanceDueDaysBeforeStart: 14,
    finalCountDueDaysBeforeStart: 10,
    insuranceRequired: true,
  },
};

/** GROUP_PRICING as the server answers it (GET /api/facility/pricing), changed by `patch`. */
export const groupRules = (patch: Partial<PricingFile> = {}): PricingRules =>
  pricingRulesSchema.parse({ ...GROUP_PRICING, currency: 'USD', ...patch });

export const GROUP_RULES = groupRules();
