import { daysBetween, isDayKey } from '../../../shared/dates.js';
import { kitchenDays, noDiets, type KitchenStayInput } from '../../../shared/kitchen-counts.js';
import { answersStateOf } from '../../../shared/questionnaire-rules.js';
import {
  KITCHEN_MAX_DAYS,
  type KitchenDay,
  type KitchenQuery,
  type KitchenStay,
} from '../../../shared/schemas/operations.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { validationFailed } from '../../errors.js';
import {
  approvedStaysBetween,
  expectedGuestsOf,
  mealTermsOf,
  type StayRow,
} from './stays-query.js';

/** A range the kitchen sheet can cover, or 400 naming what is wrong. */
export function checkKitchenRange({ from, to }: KitchenQuery) {
  const issues: { path: string; message: string }[] = [];
  if (!isDayKey(from))
    issues.push({ path: 'querystring.from', message: `${from} is not a day of the calendar.` });
  if (!isDayKey(to))
    issues.push({ path: 'querystring.to', message: `${to} is not a day of the calendar.` });
  if (issues.length === 0 && to < from)
    issues.push({
      path: 'querystring.to',
      message: 'The last day cannot be before the first day.',
    });
  if (issues.length === 0 && daysBetween(from, to) + 1 > KITCHEN_MAX_DAYS)
    issues.push({
      path: 'querystring.to',
      message: `The kitchen sheet covers at most ${KITCHEN_MAX_DAYS} days at once.`,
    });
  if (issues.length > 0) throw validationFailed(issues);
}

/** A stay as the kitchen counts it. */
export function kitchenInputOf(row: StayRow, pricing: PricingRules): KitchenStayInput {
  const terms = mealTermsOf(row.r, pricing);
  return {
    firstDay: row.r.firstDay,
    lastDay: row.r.lastDay,
    guests: expectedGuestsOf(row.r, terms.minimumGuests),
    meals: terms.plan?.meals ?? [],
    arrivalDayMeals: terms.arrivalDayMeals,
    departureDayMeals: terms.departureDayMeals,
    diets: row.q?.diets ?? {},
  };
}

/** A stay of the kitchen's list: who comes, how many, what they eat and what to mind. */
export function presentKitchenStay(row: StayRow, pricing: PricingRules): KitchenStay {
  const terms = mealTermsOf(row.r, pricing);
  return {
    id: row.r.id,
    eventName: row.r.eventName,
    accountName: row.accountName,
    firstDay: row.r.firstDay,
    lastDay: row.r.lastDay,
    guests: expectedGuestsOf(row.r, terms.minimumGuests),
    finalCount: row.r.finalGuests !== null,
    mealPlan: terms.plan?.label ?? null,
    arrivalTime: row.q?.arrivalTime ?? null,
    answers: answersStateOf(row.q),
    diets: { ...noDiets(), ...(row.q?.diets ?? {}) },
    dietNotes: row.q?.dietNotes ?? '',
  };
}

const eatsBetween = (range: KitchenQuery, stay: KitchenStayInput) =>
  kitchenDays(
    range.from < stay.firstDay ? stay.firstDay : range.from,
    range.to > stay.lastDay ? stay.lastDay : range.to,
    [stay],
  ).some((day) => day.breakfast + day.lunch + day.dinner > 0);

/** The kitchen's sheet (docs/house-operations.md): meals per day and the groups behind them. */
export function createKitchen(deps: { db: Db; pricing: () => PricingRules }) {
  async function read(range: KitchenQuery) {
    checkKitchenRange(range);
    const pricing = deps.pricing();
    const rows = await approvedStaysBetween(deps.db, range.from, range.to);
    return {
      days: kitchenDays(
        range.from,
        range.to,
        rows.map((row) => kitchenInputOf(row, pricing)),
      ) as KitchenDay[],
      // Only the stays that eat in the range: a lodging-only group is not the cook's.
      stays: rows
        .filter((row) => eatsBetween(range, kitchenInputOf(row, pricing)))
        .map((row) => presentKitchenStay(row, pricing)),
    };
  }
  return {
    days: async (range: KitchenQuery) => (await read(range)).days,
    stays: async (range: KitchenQuery) => (await read(range)).stays,
    read,
  };
}
export type Kitchen = ReturnType<typeof createKitchen>;
