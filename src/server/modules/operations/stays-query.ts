import { and, eq, sql } from 'drizzle-orm';
import type { Meal, MealPlan, PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { accounts, questionnaires, reservations, users } from '../../db/schema.js';

/**
 * The approved stays holding a day from `from` to `to`, with their church,
 * contact and questionnaire: what the kitchen and the stay sheets read. The
 * range's index (reservations_days_idx) keeps it quick however many stays the
 * house has had.
 */
export async function approvedStaysBetween(db: Db, from: string, to: string, id?: number) {
  return db
    .select({
      r: reservations,
      username: users.username,
      email: users.email,
      accountName: accounts.accountName,
      contactName: accounts.primaryContactFullName,
      contactPhone: accounts.primaryContactPhoneNumber,
      contactEmail: accounts.primaryContactEmail,
      q: questionnaires,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(accounts, eq(accounts.id, reservations.accountId))
    .leftJoin(questionnaires, eq(questionnaires.reservationId, reservations.id))
    .where(
      id === undefined
        ? and(
            eq(reservations.status, 'approved'),
            sql`${reservations.firstDay} <= ${to}`,
            sql`${reservations.lastDay} >= ${from}`,
          )
        : eq(reservations.id, id),
    )
    .orderBy(reservations.firstDay, reservations.id);
}
export type StayRow = Awaited<ReturnType<typeof approvedStaysBetween>>[number];

/** What a stay eats: the plan and arrival/departure meals it was priced with, else the house's now. */
export function mealTermsOf(
  r: StayRow['r'],
  pricing: PricingRules,
): {
  plan: MealPlan | null;
  arrivalDayMeals: Meal[];
  departureDayMeals: Meal[];
  minimumGuests: number;
} {
  const group = r.priceTerms?.group ?? pricing.group ?? null;
  const plan = r.priceTerms
    ? r.priceTerms.mealPlan
    : (pricing.group?.mealPlans.find((p) => p.id === r.mealPlan) ?? null);
  return {
    plan,
    arrivalDayMeals: group?.arrivalDayMeals ?? ['dinner'],
    departureDayMeals: group?.departureDayMeals ?? ['breakfast', 'lunch'],
    minimumGuests: group?.minimumGuests ?? 0,
  };
}

/** The guests to cook and count for: the final count, else the count asked, else the minimum. */
export const expectedGuestsOf = (r: StayRow['r'], minimumGuests: number) =>
  r.finalGuests ?? r.guests ?? minimumGuests;
