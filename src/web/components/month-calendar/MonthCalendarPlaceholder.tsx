import classes from './MonthCalendar.module.css';

/** Holds a month calendar's place in prerendered HTML (see useHydrated). */
export function MonthCalendarPlaceholder() {
  return <div className={classes.placeholder} aria-hidden="true" data-calendar-placeholder />;
}
