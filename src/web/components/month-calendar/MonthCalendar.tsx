import { Button } from '@mantine/core';
import { useCallback, useId, useLayoutEffect, useRef } from 'react';
import {
  longDate,
  monthGrid,
  monthName,
  shiftMonth,
  WEEKDAY_NAMES,
  type DayKey,
} from '../../../shared/dates.js';
import { useIsPhone } from '../useIsPhone.js';
import { DayCell } from './DayCell.js';
import classes from './MonthCalendar.module.css';
import { useRovingGrid } from './useRovingGrid.js';

/** The look of a day; each has its own colours, pattern and border style. */
export type DayTone =
  | 'available'
  | 'past'
  | 'reserved'
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'closed'
  | 'turnover';

export interface DayInfo {
  /**
   * Words after the date in the day's accessible name, e.g. 'available',
   * 'reserved', 'your reservation, pending', 'past'.
   */
  state: string;
  /** Short visible text under the day number, e.g. 'Reserved'. */
  label?: string;
  /**
   * The label on a phone, where a day is about 40 px wide, e.g. 'Res.'; by
   * default the abbreviation of a known label (SHORT_LABELS), else the label.
   */
  shortLabel?: string;
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
  /**
   * Called when a day that cannot be selected is clicked or chosen with
   * Enter/Space, e.g. to say why it cannot be part of a range.
   */
  onSelectDisabled?: (key: DayKey) => void;
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

/** The phone's abbreviations of the usual day labels (the full word stays in the day's name). */
export const SHORT_LABELS: Readonly<Record<string, string>> = {
  Reserved: 'Res.',
  Pending: 'Pend.',
  Approved: 'Appr.',
  Rejected: 'Rej.',
  Cancelled: 'Canc.',
  Selected: 'Sel.',
  Closed: 'Cl.',
  Turnover: 'Turn.',
};

/** The label shown in a day: the full one, or on a phone the short one. */
export function visibleLabel(info: DayInfo, compact: boolean): string | undefined {
  if (!info.label || !compact) return info.label;
  return info.shortLabel ?? SHORT_LABELS[info.label] ?? info.label;
}

const inSelection = (key: DayKey, selection: DaySelection | null | undefined) => {
  if (!selection) return false;
  const end = selection.end ?? selection.start;
  const [a, b] = selection.start <= end ? [selection.start, end] : [end, selection.start];
  return key >= a && key <= b;
};

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
  onSelectDisabled,
  today,
  titleOrder = 3,
  busy = false,
}: MonthCalendarProps) {
  const titleId = useId();
  const readOnly = !onSelect;
  // On a phone the month buttons are arrows and the day labels abbreviated; the names stay whole.
  const compact = useIsPhone();
  const { gridRef, active, setFocusKey, onKeyDown } = useRovingGrid({
    year,
    month,
    onMonthChange,
    selectionStart: selection?.start,
    today,
  });

  // One handler for every day, reading the latest props: the memoised days
  // are not drawn again because the parent made new functions.
  const latest = useRef({ onSelect, onSelectDisabled, isDisabled, getDay });
  useLayoutEffect(() => {
    latest.current = { onSelect, onSelectDisabled, isDisabled, getDay };
  });
  const choose = useCallback(
    (key: DayKey) => {
      const { onSelect, onSelectDisabled, isDisabled, getDay } = latest.current;
      setFocusKey(key);
      const disabled = Boolean(getDay?.(key)?.disabled || isDisabled?.(key));
      if (!disabled) onSelect?.(key);
      else onSelectDisabled?.(key);
    },
    [setFocusKey],
  );

  function showMonth(by: number) {
    const next = shiftMonth(year, month, by);
    onMonthChange(next.year, next.month);
  }

  const Heading = `h${titleOrder}` as const;
  const title = `${monthName(month)} ${year}`;

  return (
    <div className={classes.root} data-compact={compact || undefined}>
      <div className={classes.header}>
        {compact ? (
          <Button
            variant="default"
            size="sm"
            px="sm"
            onClick={() => showMonth(-1)}
            aria-label="Previous month"
          >
            <span aria-hidden="true">‹</span>
          </Button>
        ) : (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => showMonth(-1)}
            leftSection={<span aria-hidden="true">‹</span>}
          >
            Previous month
          </Button>
        )}
        <Heading id={titleId} className={classes.title} aria-live="polite">
          {title}
        </Heading>
        {compact ? (
          <Button
            variant="default"
            size="sm"
            px="sm"
            onClick={() => showMonth(1)}
            aria-label="Next month"
          >
            <span aria-hidden="true">›</span>
          </Button>
        ) : (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => showMonth(1)}
            rightSection={<span aria-hidden="true">›</span>}
          >
            Next month
          </Button>
        )}
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
                return (
                  <DayCell
                    key={key}
                    dayKey={key}
                    day={day}
                    info={info}
                    label={visibleLabel(info, compact)}
                    name={dayName(key, info, selected, isToday)}
                    selected={selected}
                    disabled={disabled}
                    isToday={isToday}
                    active={key === active}
                    onFocus={setFocusKey}
                    onChoose={readOnly ? undefined : choose}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
