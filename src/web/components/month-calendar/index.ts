export {
  CalendarLegend,
  MonthCalendar,
  dayName,
  formatDayKey,
  type DayInfo,
  type DaySelection,
  type DayTone,
  type LegendItem,
  type MonthCalendarProps,
} from './MonthCalendar.js';
