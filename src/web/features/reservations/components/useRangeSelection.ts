import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { daysBetween, type DayKey } from '../../../../shared/dates.js';
import { MAX_RESERVATION_DAYS } from '../../../../shared/schemas/reservations.js';
import type { CalendarEntry } from '../../../../shared/schemas/reservations.js';
import { closuresQuery, type Closure } from '@/lib/api/closures.js';
import type { DaySelection } from '@/components/month-calendar/index.js';
import { memberCalendarQuery } from '../api/reservations.js';
import { refusalMessage } from '../dayWords.js';
import {
  checkRange,
  monthsOf,
  nextSelection,
  occupancy,
  unavailableReason,
  type DayOccupancy,
} from '../selection.js';

/**
 * The days chosen for a new reservation. A second click that would make a
 * range over days that cannot be booked (held, past, or too far from the
 * first) leaves the first day selected and sets `refusal`, the words saying
 * which days are in the way. The months the range spans (reservations and
 * closures) are read from the query cache, and loaded first when one is missing.
 */
export function useRangeSelection(today: DayKey, turnoverDays = 0) {
  const queryClient = useQueryClient();
  const [selection, setSelectionState] = useState<DaySelection | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Each change counts: a range check that loaded months is dropped if anything happened since.
  const attempt = useRef(0);

  function setSelection(next: DaySelection | null) {
    attempt.current++;
    setRefusal(null);
    setSelectionState(next);
  }

  function decide(first: DayKey, clicked: DayKey, days: Map<DayKey, DayOccupancy> | null) {
    // Without the months' data only past and too distant days are known: the form and the server check the rest.
    const reasonOf = (key: DayKey) => unavailableReason(key, days?.get(key), today, first);
    const check = checkRange(first, clicked, (key) => reasonOf(key) !== null);
    if (check.ok) setSelection(check.selection);
    else setRefusal(refusalMessage(check.blocked, reasonOf, first));
  }

  /**
   * A click (or Enter/Space) on a day; `disabled` days are never selected, but
   * as the second click they say why the range cannot be booked.
   */
  function choose(key: DayKey, disabled = false) {
    const first = selection && selection.end === undefined ? selection.start : null;
    if (first === null || first === key) {
      if (!disabled) setSelection(nextSelection(selection, key));
      return;
    }
    const spanned = monthsOf({ start: first, end: key });
    const months = spanned.map((m) => memberCalendarQuery(m.year, m.month));
    const closed = spanned.map((m) => closuresQuery(m.year, m.month));
    const cached = months.map((q) => queryClient.getQueryData<CalendarEntry[]>(q.queryKey));
    const cachedClosed = closed.map((q) => queryClient.getQueryData<Closure[]>(q.queryKey));
    const tooLong = Math.abs(daysBetween(first, key)) >= MAX_RESERVATION_DAYS;
    const held = (entries: (CalendarEntry[] | undefined)[], closures: (Closure[] | undefined)[]) =>
      occupancy(
        entries.flatMap((e) => e ?? []),
        closures.flatMap((c) => c ?? []),
        turnoverDays,
      );
    if (tooLong || (cached.every(Boolean) && cachedClosed.every(Boolean))) {
      decide(first, key, held(cached, cachedClosed));
      return;
    }
    const ticket = ++attempt.current;
    const current = (days: Map<DayKey, DayOccupancy> | null) => {
      if (ticket === attempt.current) decide(first, key, days);
    };
    void Promise.all([
      Promise.all(months.map((q) => queryClient.ensureQueryData(q))),
      // Closures that cannot be read leave the check to the form and the server.
      Promise.all(closed.map((q) => queryClient.ensureQueryData(q).catch(() => []))),
    ]).then(
      ([entries, closures]) => current(held(entries, closures)),
      () => current(null),
    );
  }

  return { selection, setSelection, choose, refusal };
}
