import { addDays, daysBetween, type DayKey } from './dates.js';
import { DIETS, type Diet } from './schemas/questionnaire.js';
import { MEALS, type Meal } from './schemas/pricing.js';

/** What the kitchen needs to know of one approved stay (docs/house-operations.md). */
export interface KitchenStayInput {
  firstDay: DayKey;
  lastDay: DayKey;
  /** Final count, else the count asked, else the house's minimum. */
  guests: number;
  /** The meals of its plan (none without a plan). */
  meals: readonly Meal[];
  arrivalDayMeals: readonly Meal[];
  departureDayMeals: readonly Meal[];
  diets: Partial<Record<Diet, number>>;
}

export type DietCountsOf = Record<Diet, number>;

export interface KitchenDayCounts {
  date: DayKey;
  breakfast: number;
  lunch: number;
  dinner: number;
  diets: DietCountsOf;
}

export const noDiets = (): DietCountsOf =>
  Object.fromEntries(DIETS.map((d) => [d, 0])) as DietCountsOf;

/**
 * The meals a stay eats on `day`: every meal of its plan on a full day and on a
 * day event; on its arrival day only those also served on arrival days, on its
 * departure day only those also served on departure days.
 */
export function mealsOn(stay: KitchenStayInput, day: DayKey): Meal[] {
  if (day < stay.firstDay || day > stay.lastDay) return [];
  const days = daysBetween(stay.firstDay, stay.lastDay) + 1;
  return mealsServed(stay, daysBetween(stay.firstDay, day), days);
}

/**
 * The meals of a plan served on the `index`-th day (from 0) of a stay of
 * `days` days: every meal on a full day and on a day event; on the arrival
 * day only those also in `arrivalDayMeals`, on the departure day only those
 * also in `departureDayMeals`. The kitchen counts by it, and a plan bills by
 * it (src/shared/group-pricing.ts).
 */
export function mealsServed(
  stay: Pick<KitchenStayInput, 'meals' | 'arrivalDayMeals' | 'departureDayMeals'>,
  index: number,
  days: number,
): Meal[] {
  if (days <= 1) return [...stay.meals];
  const allowed =
    index === 0 ? stay.arrivalDayMeals : index === days - 1 ? stay.departureDayMeals : MEALS;
  return stay.meals.filter((m) => allowed.includes(m));
}

/**
 * The kitchen's sheet: one row for every day from `from` to `to` inclusive,
 * with each meal's guests summed over the stays, and the diets of the stays
 * that eat at least one meal that day.
 */
export function kitchenDays(
  from: DayKey,
  to: DayKey,
  stays: readonly KitchenStayInput[],
): KitchenDayCounts[] {
  const count = daysBetween(from, to) + 1;
  const rows: KitchenDayCounts[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(from, i);
    const row: KitchenDayCounts = { date, breakfast: 0, lunch: 0, dinner: 0, diets: noDiets() };
    for (const stay of stays) {
      const meals = mealsOn(stay, date);
      if (meals.length === 0) continue;
      for (const meal of meals) row[meal] += stay.guests;
      for (const diet of DIETS) row.diets[diet] += stay.diets[diet] ?? 0;
    }
    rows.push(row);
  }
  return rows;
}
