/**
 * Test fixtures of a house with group pricing (docs/money.md, "Group
 * pricing"), as content/pricing.json ships it: $65 per person a night, $25
 * for a day, meal plans, a minimum of 12 and a maximum of 40 guests, a 25%
 * deposit that is not refunded.
 */
import { GROUP_PRICING, groupRules } from '../../../shared/group-pricing.testing.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import { days, reservation } from './reservations.testing.js';

export const GROUP_RULES: PricingRules = groupRules({
  defaultLabel: 'House',
  group: {
    ...GROUP_PRICING.group!,
    mealPlans: [
      ...GROUP_PRICING.group!.mealPlans!,
      {
        id: 'half-board',
        label: 'Breakfast and dinner',
        perPersonDayCents: 2400,
        meals: ['breakfast', 'dinner'],
      },
    ],
  },
});

/**
 * An approved group stay of 20 guests with three meals a day, June 15-17,
 * 2027: $4,700.00, of which the deposit is $1,175.00; the balance is due on
 * June 1 and the final count on June 5.
 */
export function groupStay(over: Partial<Reservation> = {}): Reservation {
  return reservation({
    ...days('2027-06-15', '2027-06-17'),
    id: 7,
    eventName: 'Youth retreat',
    status: 'approved',
    priceCents: 470000,
    guests: 20,
    mealPlan: 'full-board',
    depositCents: 117500,
    balanceDueDate: '2027-06-01',
    ...over,
  });
}
