import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CalendarEntry } from '../../../../shared/schemas/reservations.js';
import { closuresQuery, type Closure } from '@/lib/api/closures.js';
import type { DaySelection } from '@/components/month-calendar/index.js';
import { memberCalendarQuery } from '../api/reservations.js';
import { monthsOf, occupancy } from '../selection.js';

/** The entries of several calendar answers (stable function: the result is memoised). */
const allEntries = (results: { data?: CalendarEntry[] }[]): CalendarEntry[] =>
  results.flatMap((r) => r.data ?? []);
const allClosures = (results: { data?: Closure[] }[]): Closure[] =>
  results.flatMap((r) => r.data ?? []);

/**
 * What the member's calendar shows: the shown month's reservations and
 * closures, and what holds each day of it and of the months a selection spans
 * (their held, closed and turnover days decide the no-gaps rule).
 */
export function useMemberMonths(
  shown: { year: number; month: number },
  selection: DaySelection | null,
  turnoverDays: number,
) {
  const calendar = useQuery(memberCalendarQuery(shown.year, shown.month));
  const closures = useQuery(closuresQuery(shown.year, shown.month));
  const spannedEntries = useQueries({
    queries: monthsOf(selection).map((m) => memberCalendarQuery(m.year, m.month)),
    combine: allEntries,
  });
  const spannedClosures = useQueries({
    queries: monthsOf(selection).map((m) => closuresQuery(m.year, m.month)),
    combine: allClosures,
  });
  const days = useMemo(
    () => occupancy(calendar.data ?? [], closures.data ?? [], turnoverDays),
    [calendar.data, closures.data, turnoverDays],
  );
  const spannedDays = useMemo(
    () => occupancy(spannedEntries, spannedClosures, turnoverDays),
    [spannedEntries, spannedClosures, turnoverDays],
  );
  return { calendar, closures, days, spannedDays };
}
