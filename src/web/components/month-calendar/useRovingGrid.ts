import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays,
  makeDayKey,
  monthBounds,
  shiftMonth,
  type DayKey,
} from '../../../shared/dates.js';

const yearOf = (key: DayKey) => Number(key.slice(0, 4));
const monthOf = (key: DayKey) => Number(key.slice(5, 7));
const weekdayOf = (key: DayKey) => new Date(`${key}T00:00:00.000Z`).getUTCDay();

/** The same day number in another month, clamped to that month's length. */
function sameDayIn(key: DayKey, by: number): DayKey {
  const target = shiftMonth(yearOf(key), monthOf(key), by);
  const { last } = monthBounds(target.year, target.month);
  const day = Math.min(Number(key.slice(8, 10)), Number(last.slice(8, 10)));
  return makeDayKey(target.year, target.month, day)!;
}

/** Where a key press moves focus from a day, or null for keys the grid does not handle. */
function keyTarget(
  key: string,
  shift: boolean,
  from: DayKey,
  first: DayKey,
  last: DayKey,
): DayKey | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(from, -1);
    case 'ArrowRight':
      return addDays(from, 1);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'Home': {
      const start = addDays(from, -weekdayOf(from));
      return start < first ? first : start;
    }
    case 'End': {
      const end = addDays(from, 6 - weekdayOf(from));
      return end > last ? last : end;
    }
    case 'PageUp':
      return sameDayIn(from, shift ? -12 : -1);
    case 'PageDown':
      return sameDayIn(from, shift ? 12 : 1);
    default:
      return null;
  }
}

export interface RovingGridOptions {
  year: number;
  /** 1-12 */
  month: number;
  onMonthChange: (year: number, month: number) => void;
  /** Focused first when it is in the month, before `today`. */
  selectionStart: DayKey | undefined;
  today: DayKey | undefined;
}

/**
 * The roving tabindex of a month grid: one day is in the tab order (`active`);
 * arrow keys move by day and week across months, Home/End to the week's
 * start/end within the month, PageUp/PageDown by month (with Shift by year).
 * Elements carry their day in `data-day`.
 */
export function useRovingGrid({
  year,
  month,
  onMonthChange,
  selectionStart,
  today,
}: RovingGridOptions) {
  const gridRef = useRef<HTMLTableElement>(null);
  const [focusKey, setFocusKey] = useState<DayKey | null>(null);
  const wantFocus = useRef(false);

  const { first, last } = monthBounds(year, month);
  const inMonth = (key: DayKey | null | undefined): key is DayKey =>
    Boolean(key && key >= first && key <= last);
  const active: DayKey = inMonth(focusKey)
    ? focusKey
    : inMonth(selectionStart)
      ? selectionStart
      : inMonth(today)
        ? today
        : first;

  // Keyboard moves focus the day they reach, once it is rendered (possibly in another month).
  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${active}"]`)?.focus();
  });

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-day]')?.dataset.day;
    if (!from) return;
    const target = keyTarget(event.key, event.shiftKey, from, first, last);
    if (!target) return;
    event.preventDefault();
    wantFocus.current = true;
    setFocusKey(target);
    if (yearOf(target) !== year || monthOf(target) !== month) {
      onMonthChange(yearOf(target), monthOf(target));
    }
  }

  return { gridRef, active, setFocusKey, onKeyDown };
}
