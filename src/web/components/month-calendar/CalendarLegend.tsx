import type { DayTone } from './MonthCalendar.js';
import classes from './MonthCalendar.module.css';

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
