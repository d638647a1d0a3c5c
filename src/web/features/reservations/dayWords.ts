/** The words for a refused range and for days just taken by someone else. */
import { addDays, monthName, type DayKey } from '../../../shared/dates.js';
import { MAX_RESERVATION_DAYS } from '../../../shared/schemas/reservations.js';
import type { Unavailable } from './selection.js';

/** "December 4", with the year when it is not `year`. */
function shortDate(key: DayKey, year: string): string {
  const text = `${monthName(Number(key.slice(5, 7)))} ${Number(key.slice(8, 10))}`;
  return key.slice(0, 4) === year ? text : `${text}, ${key.slice(0, 4)}`;
}

/** "a", "a and b", "a, b and c". */
function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Sorted days as runs of consecutive days: "December 4 to December 6 and December 9". */
export function describeDays(days: readonly DayKey[], year: string): string {
  const runs: [DayKey, DayKey][] = [];
  for (const key of [...days].sort()) {
    const run = runs[runs.length - 1];
    if (run && addDays(run[1], 1) === key) run[1] = key;
    else if (!run || run[1] !== key) runs.push([key, key]);
  }
  return joinList(
    runs.map(([a, b]) =>
      a === b ? shortDate(a, year) : `${shortDate(a, year)} to ${shortDate(b, year)}`,
    ),
  );
}

const REASONS: Record<Unavailable, string> = {
  reserved: 'reserved',
  yours: 'held by your own reservation',
  closed: 'closed',
  turnover: 'kept free for turnover between stays',
  past: 'in the past',
  tooFar: `beyond the ${MAX_RESERVATION_DAYS} days one reservation may last`,
};

/** What to do instead, by the reasons a range was refused. */
function advice(reasons: ReadonlySet<Unavailable>): string {
  if (![...reasons].some((r) => r === 'past' || r === 'tooFar')) {
    return 'Choose days before or after them.';
  }
  if (reasons.size > 1) return 'Choose other days.';
  return reasons.has('past')
    ? 'Choose today or a later day.'
    : `Choose at most ${MAX_RESERVATION_DAYS} days.`;
}

/**
 * Why a range cannot be booked, e.g. "December 4 to December 6 are reserved,
 * so this range cannot be booked. Choose days before or after them." Years
 * other than `first`'s are named.
 */
export function refusalMessage(
  blocked: readonly DayKey[],
  reasonOf: (key: DayKey) => Unavailable | null,
  first: DayKey,
): string {
  const byReason = new Map<Unavailable, DayKey[]>();
  for (const key of blocked) {
    const reason = reasonOf(key) ?? 'reserved';
    byReason.set(reason, [...(byReason.get(reason) ?? []), key]);
  }
  const clauses = [...byReason].map(
    ([reason, days]) =>
      `${describeDays(days, first.slice(0, 4))} ${days.length === 1 ? 'is' : 'are'} ${REASONS[reason]}`,
  );
  return `${joinList(clauses)}, so this range cannot be booked. ${advice(new Set(byReason.keys()))}`;
}

/** "December 4 to December 6 were just reserved." for the days a request lost to another. */
export function justTakenMessage(days: readonly DayKey[], first: DayKey): string {
  return `${describeDays(days, first.slice(0, 4))} ${days.length === 1 ? 'was' : 'were'} just reserved.`;
}
