/**
 * What a group's stay shows besides its price (docs/money.md, "Group
 * pricing"): its guests, its meal plan, its deposit and the balance's due day.
 * Shared by My Reservations and the stay page.
 */
import { useQuery } from '@tanstack/react-query';
import { longDate } from '../../shared/dates.js';
import { formatMoney } from '../../shared/pricing.js';
import { isHolding } from '../../shared/reservations.js';
import type { Reservation } from '../../shared/schemas/reservations.js';
import { pricingInfoQuery } from './api/money.js';

export type StayFields = Pick<
  Reservation,
  | 'guests'
  | 'finalGuests'
  | 'mealPlan'
  | 'depositCents'
  | 'balanceDueDate'
  | 'currency'
  | 'status'
  | 'paymentStatus'
>;

/** A stay priced per person: it has a balance due day or a number of guests (neither without group pricing). */
export const isGroupStay = (r: StayFields) =>
  r.balanceDueDate !== null || r.guests !== null || r.finalGuests !== null;

/** "20 expected", "22 (final count; 20 expected)", or "Not given". */
export function guestsText({ guests, finalGuests }: StayFields): string {
  if (finalGuests !== null) {
    return guests !== null && guests !== finalGuests
      ? `${finalGuests} (final count; ${guests} expected)`
      : `${finalGuests} (final count)`;
  }
  return guests !== null ? `${guests} expected` : 'Not given';
}

/**
 * The meal plan's label, from the house's rates (asked only for a stay with
 * a meal plan); its id while they are not known; "No meals" without one.
 */
export function useMealsText(r: StayFields): string {
  const pricing = useQuery({ ...pricingInfoQuery, enabled: r.mealPlan !== null });
  if (r.mealPlan === null) return 'No meals';
  return pricing.data?.group?.mealPlans.find((p) => p.id === r.mealPlan)?.label ?? r.mealPlan;
}

export interface StayFact {
  label: string;
  text: string;
}

/**
 * A group stay's facts as label and text (none for another stay): `people`,
 * its guests and meals; `money`, its deposit and, while it holds its days and
 * is not paid, the balance's due day.
 */
export function useStayFacts(r: StayFields): { people: StayFact[]; money: StayFact[] } {
  const meals = useMealsText(r);
  if (!isGroupStay(r)) return { people: [], money: [] };
  const money: StayFact[] = [];
  if (r.depositCents > 0) {
    money.push({ label: 'Deposit', text: formatMoney(r.depositCents, r.currency) });
  }
  if (r.balanceDueDate !== null && isHolding(r.status) && r.paymentStatus !== 'paid') {
    money.push({ label: 'Balance due', text: longDate(r.balanceDueDate) });
  }
  return {
    people: [
      { label: 'Guests', text: guestsText(r) },
      { label: 'Meals', text: meals },
    ],
    money,
  };
}
