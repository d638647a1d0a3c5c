export {
  CalendarLegend,
  MonthCalendar,
  dayName,
  type DayInfo,
  type DaySelection,
  type DayTone,
  type LegendItem,
  type MonthCalendarProps,
} from './MonthCalendar.js';
