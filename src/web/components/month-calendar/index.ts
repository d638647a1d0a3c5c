export { CalendarLegend, type LegendItem } from './CalendarLegend.js';
export {
  MonthCalendar,
  dayName,
  type DayInfo,
  type DaySelection,
  type DayTone,
  type MonthCalendarProps,
} from './MonthCalendar.js';
export { HouseNotes, houseLegend } from './HouseNotes.js';
export { MonthCalendarPlaceholder } from './MonthCalendarPlaceholder.js';
