import { memo } from 'react';
import type { DayKey } from '../../../shared/dates.js';
import type { DayInfo } from './MonthCalendar.js';
import classes from './MonthCalendar.module.css';

export interface DayCellProps {
  dayKey: DayKey;
  /** The day of the month shown. */
  day: number;
  info: DayInfo;
  /** The visible label under the number (the full or, on a phone, the short one). */
  label: string | undefined;
  /** The accessible name: full date and state. */
  name: string;
  selected: boolean;
  disabled: boolean;
  isToday: boolean;
  /** The one day in the tab order. */
  active: boolean;
  /** Told the day that took the focus; the same function for every day. */
  onFocus: (key: DayKey) => void;
  /** A click or Enter/Space on the day; without it the cell is read-only. */
  onChoose?: ((key: DayKey) => void) | undefined;
}

/**
 * One day of the grid: a button to choose it, or a named focusable cell when
 * read-only. Memoised, with handlers shared by every day: when a month's data
 * arrives, only the days whose state changed are drawn again.
 */
export const DayCell = memo(function DayCell({
  dayKey,
  day,
  info,
  label,
  name,
  selected,
  disabled,
  isToday,
  active,
  onFocus,
  onChoose,
}: DayCellProps) {
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
      {label ? (
        <span className={classes.label} aria-hidden="true">
          {label}
        </span>
      ) : null}
    </>
  );
  const focusProps = {
    'data-day': dayKey,
    'aria-label': name,
    'aria-current': isToday ? ('date' as const) : undefined,
    tabIndex: active ? 0 : -1,
    onFocus: () => onFocus(dayKey),
  };
  if (!onChoose) {
    // Nothing to choose: the cell itself is the focusable, named element.
    return (
      <td role="gridcell" {...focusProps} className={`${classes.cell} ${classes.readOnlyCell}`}>
        <div {...dataProps} aria-hidden="true" className={`${classes.day} ${classes.readOnly}`}>
          {content}
        </div>
      </td>
    );
  }
  return (
    <td role="gridcell" aria-selected={selected} className={classes.cell}>
      <button
        {...dataProps}
        {...focusProps}
        type="button"
        aria-disabled={disabled || undefined}
        className={classes.day}
        onClick={() => onChoose(dayKey)}
      >
        {content}
      </button>
    </td>
  );
});
