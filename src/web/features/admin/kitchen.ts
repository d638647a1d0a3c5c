/** The kitchen page's range and words (docs/house-operations.md, "Kitchen"). */
import { addDays, daysBetween, isDayKey, type DayKey } from '../../../shared/dates.js';
import { DIETS, DIET_LABELS } from '../../../shared/schemas/questionnaire.js';
import { KITCHEN_MAX_DAYS, type DietCounts } from '../../../shared/schemas/operations.js';

/** Days shown when the address names none: today and the six after it, a week. */
export const KITCHEN_DEFAULT_DAYS = 7;

/** "Vegetarian: 3, Gluten-free: 1", the diets nobody has left out; null when none. */
export function dietWords(diets: DietCounts): string | null {
  const given = DIETS.filter((d) => diets[d] > 0).map((d) => `${DIET_LABELS[d]}: ${diets[d]}`);
  return given.length > 0 ? given.join(', ') : null;
}

export interface KitchenRange {
  /** As typed (maybe empty or not a day). */
  from: string;
  to: string;
  /** What is wrong with the range and on which field; null when it may be asked for. */
  problem: { field: 'from' | 'to'; text: string } | null;
}

export const NEED_FROM = 'Give the first day.';
export const NEED_TO = 'Give the last day.';
export const TO_BEFORE_FROM = 'The To date comes before the From date.';
export const RANGE_TOO_LONG = `The kitchen sheet covers at most ${KITCHEN_MAX_DAYS} days at once: choose a shorter range.`;

/**
 * The range of the address (`?from=&to=`), a week from today for a missing
 * day; refused before asking the server when it is reversed or longer than
 * the server answers for.
 */
export function kitchenRange(from: string | null, to: string | null, today: DayKey): KitchenRange {
  const first = from ?? today;
  const last = to ?? addDays(isDayKey(first) ? first : today, KITCHEN_DEFAULT_DAYS - 1);
  let problem: KitchenRange['problem'] = null;
  if (!isDayKey(first)) problem = { field: 'from', text: NEED_FROM };
  else if (!isDayKey(last)) problem = { field: 'to', text: NEED_TO };
  else if (last < first) problem = { field: 'to', text: TO_BEFORE_FROM };
  else if (daysBetween(first, last) + 1 > KITCHEN_MAX_DAYS) {
    problem = { field: 'to', text: RANGE_TOO_LONG };
  }
  return { from: first, to: last, problem };
}
