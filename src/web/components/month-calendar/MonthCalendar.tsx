import { Button } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays,
  longDate,
  makeDayKey,
  monthBounds,
  monthGrid,
  monthName,
  shiftMonth,
  WEEKDAY_NAMES,
  type DayKey,
} from '../../../shared/dates.js';
import classes from './MonthCalendar.module.css';

/** The look of a day; each has its own colours, pattern and border style. */
export type DayTone =
  'available' | 'past' | 'reserved' | 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface DayInfo {
  /**
   * Words after the date in the day's accessible name, e.g. 'available',
   * 'reserved', 'your reservation, pending', 'past'.
   */
  state: string;
  /** Short visible text under the day number, e.g. 'Reserved'. */
  label?: string;
  tone?: DayTone;
  /** Not selectable: still focusable (arrow keys pass over it), but clicks do nothing. */
  disabled?: boolean;
  /** Drawn with an outline: the days of the reservation being viewed. */
  highlighted?: boolean;
}

/** A selection: one day, or an inclusive range from `start` to `end`. */
export interface DaySelection {
  start: DayKey;
  end?: DayKey;
}

export interface MonthCalendarProps {
  year: number;
  /** 1-12 */
  month: number;
  onMonthChange: (year: number, month: number) => void;
  /** Each day's state, label and colour; by default every day is 'available'. */
  getDay?: (key: DayKey) => DayInfo;
  selection?: DaySelection | null;
  /** Days that cannot be selected (in addition to `getDay(...).disabled`). */
  isDisabled?: (key: DayKey) => boolean;
  /** Called when a selectable day is clicked or chosen with Enter/Space; without it the calendar is read-only. */
  onSelect?: (key: DayKey) => void;
  /** Marked as the current date (aria-current) and focused first. */
  today?: DayKey;
  /** Heading level of the month title. */
  titleOrder?: 2 | 3 | 4;
  /** True while the month's data loads (aria-busy). */
  busy?: boolean;
}

/** Column headers, Sunday first: the short name shown, the full one as its abbr. */
const WEEKDAYS = WEEKDAY_NAMES.map((name) => [name.slice(0, 3), name] as const);

const AVAILABLE: DayInfo = { state: 'available', tone: 'available' };

const inSelection = (key: DayKey, selection: DaySelection | null | undefined) => {
  if (!selection) return false;
  const end = selection.end ?? selection.start;
  const [a, b] = selection.start <= end ? [selection.start, end] : [end, selection.start];
  return key >= a && key <= b;
};

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

/** The accessible name of a day: its full date, then its state. */
export function dayName(key: DayKey, info: DayInfo, selected: boolean, isToday: boolean): string {
  const parts: string[] = [longDate(key)];
  if (isToday) parts.push('today');
  if (!selected || (info.tone ?? 'available') !== 'available') parts.push(info.state);
  if (selected) parts.push('selected');
  if (info.highlighted) parts.push('highlighted');
  return parts.filter(Boolean).join(', ');
}

/**
 * An accessible month calendar (WAI-ARIA grid): Sunday-first weeks, one
 * focusable day at a time (roving tabindex), arrow keys by day and week across
 * months, Home/End to the week's start/end, PageUp/PageDown by month
 * (with Shift by year), Enter/Space to select. Days are UTC day keys.
 */
export function MonthCalendar({
  year,
  month,
  onMonthChange,
  getDay,
  selection,
  isDisabled,
  onSelect,
  today,
  titleOrder = 3,
  busy = false,
}: MonthCalendarProps) {
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focusKey, setFocusKey] = useState<DayKey | null>(null);
  const wantFocus = useRef(false);
  const readOnly = !onSelect;

  const { first, last } = monthBounds(year, month);
  const inMonth = (key: DayKey | null | undefined): key is DayKey =>
    Boolean(key && key >= first && key <= last);
  const selectionStart = selection?.start;
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

  function moveTo(target: DayKey) {
    wantFocus.current = true;
    setFocusKey(target);
    if (yearOf(target) !== year || monthOf(target) !== month) {
      onMonthChange(yearOf(target), monthOf(target));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-day]')?.dataset.day;
    if (!from) return;
    let target: DayKey | null = null;
    switch (event.key) {
      case 'ArrowLeft':
        target = addDays(from, -1);
        break;
      case 'ArrowRight':
        target = addDays(from, 1);
        break;
      case 'ArrowUp':
        target = addDays(from, -7);
        break;
      case 'ArrowDown':
        target = addDays(from, 7);
        break;
      case 'Home': {
        const start = addDays(from, -weekdayOf(from));
        target = start < first ? first : start;
        break;
      }
      case 'End': {
        const end = addDays(from, 6 - weekdayOf(from));
        target = end > last ? last : end;
        break;
      }
      case 'PageUp':
        target = sameDayIn(from, event.shiftKey ? -12 : -1);
        break;
      case 'PageDown':
        target = sameDayIn(from, event.shiftKey ? 12 : 1);
        break;
      default:
        return;
    }
    event.preventDefault();
    moveTo(target);
  }

  function showMonth(by: number) {
    const next = shiftMonth(year, month, by);
    onMonthChange(next.year, next.month);
  }

  const Heading = `h${titleOrder}` as const;
  const title = `${monthName(month)} ${year}`;

  return (
    <div className={classes.root}>
      <div className={classes.header}>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => showMonth(-1)}
          leftSection={<span aria-hidden="true">‹</span>}
        >
          Previous month
        </Button>
        <Heading id={titleId} className={classes.title} aria-live="polite">
          {title}
        </Heading>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => showMonth(1)}
          rightSection={<span aria-hidden="true">›</span>}
        >
          Next month
        </Button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        aria-readonly={readOnly || undefined}
        aria-busy={busy || undefined}
        className={classes.grid}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr role="row">
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={short}
                role="columnheader"
                scope="col"
                abbr={long}
                className={classes.columnHeader}
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week) => (
            <tr role="row" key={week[0]!.key}>
              {week.map(({ key, day, inMonth: isIn }) => {
                if (!isIn) return <td role="gridcell" key={key} className={classes.cell} />;
                const info = getDay?.(key) ?? AVAILABLE;
                const disabled = Boolean(info.disabled || isDisabled?.(key));
                const selected = !readOnly && inSelection(key, selection);
                const isToday = key === today;
                const name = dayName(key, info, selected, isToday);
                const dataProps = {
                  'data-tone': info.tone ?? 'available',
                  'data-selected': selected || undefined,
                  'data-highlighted': info.highlighted || undefined,
                };
                const content = (
                  <>
                    <span className={classes.number} aria-hidden="true">
                      {day}
                    </span>
                    {info.label ? (
                      <span className={classes.label} aria-hidden="true">
                        {info.label}
                      </span>
                    ) : null}
                  </>
                );
                if (readOnly) {
                  // Nothing to choose: the cell itself is the focusable, named element.
                  return (
                    <td
                      role="gridcell"
                      key={key}
                      data-day={key}
                      aria-label={name}
                      aria-current={isToday ? 'date' : undefined}
                      tabIndex={key === active ? 0 : -1}
                      className={`${classes.cell} ${classes.readOnlyCell}`}
                      onFocus={() => setFocusKey(key)}
                    >
                      <div
                        {...dataProps}
                        aria-hidden="true"
                        className={`${classes.day} ${classes.readOnly}`}
                      >
                        {content}
                      </div>
                    </td>
                  );
                }
                return (
                  <td role="gridcell" key={key} aria-selected={selected} className={classes.cell}>
                    <button
                      {...dataProps}
                      data-day={key}
                      type="button"
                      aria-label={name}
                      aria-disabled={disabled || undefined}
                      aria-current={isToday ? 'date' : undefined}
                      tabIndex={key === active ? 0 : -1}
                      className={classes.day}
                      onFocus={() => setFocusKey(key)}
                      onClick={() => {
                        setFocusKey(key);
                        if (!disabled) onSelect(key);
                      }}
                    >
                      {content}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface LegendItem {
  tone: DayTone | 'selected';
  text: string;
}

/** The key to the calendar's colours and patterns. */
export function CalendarLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className={classes.legend} aria-label="Calendar legend">
      {items.map((item) => (
        <li key={item.tone} className={classes.legendItem}>
          <span
            aria-hidden="true"
            className={`${classes.day} ${classes.swatch}`}
            data-tone={item.tone === 'selected' ? 'available' : item.tone}
            data-selected={item.tone === 'selected' || undefined}
          />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
