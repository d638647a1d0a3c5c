/**
 * What holds a day besides reservations (docs/calendar.md), as pure functions
 * the calendars share: closures by their public label, and turnover days.
 */
import { addDays, type DayKey } from './dates.js';

export interface DayRange {
  first: DayKey;
  last: DayKey;
}

/** Each closed day and the label calendars show for it. */
export function closedDays(
  closures: readonly { startDate: DayKey; endDate: DayKey; label: string }[],
): Map<DayKey, string> {
  const days = new Map<DayKey, string>();
  for (const c of closures) {
    // A closure lasts at most a year; the bound keeps bad data cheap.
    for (let key = c.startDate, i = 0; key <= c.endDate && i < 400; key = addDays(key, 1), i++)
      days.set(key, c.label);
  }
  return days;
}

/**
 * The turnover days around held stays: `turnoverDays` after each stay are kept
 * free for the house to prepare, and so are the `turnoverDays` before each one,
 * since a new stay ending there would need its own turnover on the other's
 * first day. Days that stays hold themselves are left out.
 */
export function turnoverDaysAround(stays: readonly DayRange[], turnoverDays: number): Set<DayKey> {
  const days = new Set<DayKey>();
  if (turnoverDays <= 0) return days;
  for (const s of stays) {
    for (let i = 1; i <= turnoverDays; i++) {
      days.add(addDays(s.last, i));
      days.add(addDays(s.first, -i));
    }
  }
  for (const s of stays) {
    for (let key = s.first, i = 0; key <= s.last && i < 400; key = addDays(key, 1), i++)
      days.delete(key);
  }
  return days;
}
