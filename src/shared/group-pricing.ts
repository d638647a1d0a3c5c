import { addDays, type DayKey } from './dates.js';
import { mealsServed } from './kitchen-counts.js';
import { formatMoney, quote } from './pricing.js';
import { MEALS } from './schemas/pricing.js';
import type {
  CancellationTier,
  DepositRule,
  GroupPricing,
  Meal,
  MealPlan,
  PricingRules,
  Quote,
  QuoteLine,
} from './schemas/pricing.js';

/** An amount times a fraction, in whole cents rounded half up (docs/money.md). */
const partOf = (cents: number, numerator: number, denominator: number) =>
  denominator === 0 ? 0 : Math.floor((2 * cents * numerator + denominator) / (2 * denominator));

/** A percentage of an amount in whole cents, rounded half up (docs/money.md). */
export const percentOf = (amountCents: number, percent: number) =>
  partOf(amountCents, percent, 100);

/** The guests billed: as many as come, never fewer than the house's minimum. */
export const billedGuestsOf = (group: Pick<GroupPricing, 'minimumGuests'>, guests: number | null) =>
  Math.max(guests ?? group.minimumGuests, group.minimumGuests);

export interface StayChoice {
  guests?: number | null | undefined;
  mealPlan?: string | null | undefined;
}

export type StayProblem = { code: 'invalid_guests' | 'unknown_meal_plan'; message: string };

/** Why a group's choice cannot be priced, or null. */
export function stayProblem(rules: PricingRules, choice: StayChoice): StayProblem | null {
  const { guests, mealPlan } = choice;
  const max = rules.group?.maximumGuests;
  if (guests !== null && guests !== undefined && (!Number.isInteger(guests) || guests < 1)) {
    return {
      code: 'invalid_guests',
      message: 'Give the number of guests as a whole number, at least 1.',
    };
  }
  if (guests && max !== undefined && guests > max) {
    return { code: 'invalid_guests', message: `The house takes at most ${max} guests.` };
  }
  if (mealPlan && !rules.group?.mealPlans.some((p) => p.id === mealPlan)) {
    return { code: 'unknown_meal_plan', message: 'This meal plan is not offered by the house.' };
  }
  return null;
}

/**
 * What a stay's price was made of, kept with it when it is requested: a later
 * change of the house's rates or policy never changes what it agreed to.
 */
export interface PriceTerms {
  /** The day-rate lines' total at request. */
  houseCents: number;
  houseLines: QuoteLine[];
  group: Omit<GroupPricing, 'mealPlans'> | null;
  mealPlan: MealPlan | null;
  cancellationPolicy: CancellationTier[];
  /**
   * How the plan bills: `served`, the meals the kitchen serves (a part of a
   * day's rate on the arrival and departure days); absent, every day at the
   * whole rate, the rule of stays requested before the kitchen's rule
   * (docs/money.md, "Meals").
   */
  mealRule?: 'served';
}

/** "breakfast, lunch and dinner" (a meal's id is its English word). */
function mealWords(names: readonly Meal[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What a meal plan bills one guest for a stay of `days` days by the meals
 * served (the kitchen's rule), and how it reads: each day the plan's rate
 * times the share of its meals served that day, rounded half up to a cent.
 */
export function servedMeals(
  group: Pick<GroupPricing, 'arrivalDayMeals' | 'departureDayMeals'>,
  plan: MealPlan,
  days: number,
): { perGuestCents: number; meals: number; words: string } {
  const stay = { ...group, meals: plan.meals };
  const perDay = Array.from({ length: days }, (_, i) => mealsServed(stay, i, days));
  const perGuestCents = perDay.reduce(
    (sum, served) => sum + partOf(plan.perPersonDayCents, served.length, plan.meals.length),
    0,
  );
  const meals = perDay.reduce((sum, served) => sum + served.length, 0);
  const parts: string[] = [];
  if (days === 1) parts.push(`${mealWords(perDay[0]!)} on the day`);
  else {
    const between = days - 2;
    if (perDay[0]!.length > 0) parts.push(`${mealWords(perDay[0]!)} on arrival`);
    if (between > 0) {
      parts.push(
        `${mealWords(plan.meals)} on ${between === 1 ? 'the day between' : `each of the ${between} days between`}`,
      );
    }
    if (perDay[days - 1]!.length > 0) parts.push(`${mealWords(perDay[days - 1]!)} on departure`);
  }
  return { perGuestCents, meals, words: parts.join(', ') };
}

/**
 * The per-person lines of a stay of `days` days for `billed` guests: lodging
 * (or day use), and the meal plan by its rule.
 */
export function groupLines(
  group: Omit<GroupPricing, 'mealPlans'>,
  plan: MealPlan | null,
  days: number,
  billed: number,
  rule?: PriceTerms['mealRule'],
): QuoteLine[] {
  const nights = Math.max(days - 1, 0);
  const guests = `${billed} guest${billed === 1 ? '' : 's'}`;
  const line = (label: string, quantity: number, unitCents: number): QuoteLine => ({
    label,
    quantity,
    unitCents,
    amountCents: quantity * unitCents,
  });
  const lines =
    nights > 0
      ? [
          line(
            `Lodging: ${guests} × ${nights} night${nights === 1 ? '' : 's'}`,
            billed * nights,
            group.perPersonNightCents,
          ),
        ]
      : [line(`Day use: ${guests}`, billed, group.dayUsePerPersonCents)];
  if (plan && rule === 'served') {
    const served = servedMeals(group, plan, days);
    lines.push(
      line(
        `${plan.label}: ${guests}, ${served.meals} meal${served.meals === 1 ? '' : 's'} per guest (${served.words})`,
        billed,
        served.perGuestCents,
      ),
    );
  } else if (plan) {
    lines.push(
      line(
        `${plan.label}: ${guests} × ${days} day${days === 1 ? '' : 's'}`,
        billed * days,
        plan.perPersonDayCents,
      ),
    );
  }
  return lines;
}

const total = (lines: readonly QuoteLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);

/** The deposit of a price under a deposit rule (0 without one). */
export const depositOf = (priceCents: number, rule: DepositRule | undefined | null) =>
  rule ? percentOf(priceCents, rule.percent) : 0;

/**
 * The quote of a stay (GET /api/facility/quote, a new request): the day-rate
 * lines, then with group pricing the per-person lines for max(guests, minimum),
 * and the deposit. The caller has checked `stayProblem` first.
 */
export function quoteStay(
  rules: PricingRules,
  first: DayKey,
  last: DayKey,
  choice: StayChoice = {},
): Quote & { terms: PriceTerms } {
  const house = quote(rules, first, last);
  const { mealPlans, ...group } = rules.group ?? { mealPlans: [] as MealPlan[] };
  const plan = mealPlans.find((p) => p.id === choice.mealPlan) ?? null;
  const guests = choice.guests ?? null;
  const terms: PriceTerms = {
    houseCents: house.totalCents,
    houseLines: house.lines,
    group: rules.group ? (group as Omit<GroupPricing, 'mealPlans'>) : null,
    mealPlan: plan,
    cancellationPolicy: rules.cancellationPolicy,
    mealRule: 'served',
  };
  const priced = priceOf(terms, house.days, guests);
  return {
    ...house,
    lines: priced.lines,
    totalCents: priced.totalCents,
    guests,
    billedGuests: terms.group ? billedGuestsOf(terms.group, guests) : null,
    mealPlan: plan?.id ?? null,
    depositCents: depositOf(priced.totalCents, terms.group?.deposit),
    terms,
  };
}

/**
 * The price of a stay under its terms for `guests` (a final count, or the
 * estimate): the day-rate lines (those of 0 left out when a group is priced
 * per person) and the per-person ones.
 */
export function priceOf(terms: PriceTerms, days: number, guests: number | null) {
  const houseLines = terms.group
    ? terms.houseLines.filter((l) => l.amountCents > 0)
    : terms.houseLines;
  const lines = terms.group
    ? [
        ...houseLines,
        ...groupLines(
          terms.group,
          terms.mealPlan,
          days,
          billedGuestsOf(terms.group, guests),
          terms.mealRule,
        ),
      ]
    : houseLines;
  return { lines, totalCents: total(lines) };
}

/** The day a stay's balance falls due, or null without group pricing. */
export const balanceDueDate = (terms: PriceTerms | null, firstDay: DayKey) =>
  terms?.group ? addDays(firstDay, -terms.group.balanceDueDaysBeforeStart) : null;

/** The last day a member may still give the final count. */
export const finalCountDueDate = (terms: PriceTerms | null, firstDay: DayKey) =>
  terms?.group ? addDays(firstDay, -terms.group.finalCountDueDaysBeforeStart) : null;

/** The per-person rates in words, for the public pages. */
export function describeGroupRates(group: GroupPricing, currency: string): string[] {
  const m = (c: number) => formatMoney(c, currency);
  return [
    `${m(group.perPersonNightCents)} per person per night; ${m(group.dayUsePerPersonCents)} per person for a day without a night.`,
    ...group.mealPlans.map((p) => `${p.label}: ${m(p.perPersonDayCents)} per person per day.`),
    ...(group.mealPlans.length > 0 &&
    (group.arrivalDayMeals.length < MEALS.length || group.departureDayMeals.length < MEALS.length)
      ? [
          `Meals are billed as served: on the day of arrival ${mealWords(group.arrivalDayMeals) || 'no meal'}, on the day of departure ${mealWords(group.departureDayMeals) || 'no meal'}, each a share of the day's rate.`,
        ]
      : []),
    `Groups of ${group.minimumGuests} to ${group.maximumGuests}; a smaller group is billed for ${group.minimumGuests}.`,
  ];
}
