import type { Closure } from '../../../shared/schemas/closures.js';
import { CalendarLegend, type LegendItem } from './CalendarLegend.js';
import { HouseNotes, houseLegend } from './HouseNotes.js';

export interface HouseCalendarKeyProps {
  /** The calendar's own entries, before the house's. */
  legend: readonly LegendItem[];
  /** The month's closures. */
  closures: readonly Closure[];
  turnoverDays: number;
}

/**
 * Under a calendar of the house: the legend (the calendar's own entries, then
 * closed days and, when the house keeps any, turnover days), and the notes that
 * spell out the month's closures and the turnover rule.
 */
export function HouseCalendarKey({ legend, closures, turnoverDays }: HouseCalendarKeyProps) {
  return (
    <>
      <CalendarLegend items={[...legend, ...houseLegend(turnoverDays)]} />
      <HouseNotes closures={closures} turnoverDays={turnoverDays} />
    </>
  );
}
