import { List, Text } from '@mantine/core';
import { monthName, type DayKey } from '../../../shared/dates.js';
import type { Closure } from '../../../shared/schemas/closures.js';
import type { LegendItem } from './CalendarLegend.js';

/** "December 24" */
const dayText = (key: DayKey) =>
  `${monthName(Number(key.slice(5, 7)))} ${Number(key.slice(8, 10))}`;

/** "December 24 to December 26" or "December 24". */
const spanText = (c: Closure) =>
  c.startDate === c.endDate
    ? dayText(c.startDate)
    : `${dayText(c.startDate)} to ${dayText(c.endDate)}`;

/** The legend entries of the house's own holds: closed days, and turnover days when it keeps any. */
export function houseLegend(turnoverDays: number): LegendItem[] {
  return [
    { tone: 'closed', text: 'Closed by the house' },
    ...(turnoverDays > 0
      ? [{ tone: 'turnover' as const, text: 'Turnover (kept free between stays)' }]
      : []),
  ];
}

/**
 * Under a calendar: the month's closures with their labels (the day cells only
 * say "Closed"), and how many turnover days the house keeps between stays.
 */
export function HouseNotes({
  closures,
  turnoverDays,
}: {
  closures: readonly Closure[];
  turnoverDays: number;
}) {
  if (closures.length === 0 && turnoverDays === 0) return null;
  return (
    <>
      {closures.length > 0 ? (
        <List size="sm" mt="xs" aria-label="Closed days this month">
          {closures.map((c) => (
            <List.Item key={c.id}>{`Closed ${spanText(c)}: ${c.label}`}</List.Item>
          ))}
        </List>
      ) : null}
      {turnoverDays > 0 ? (
        <Text size="sm" mt="xs">
          {turnoverDays === 1
            ? 'The house keeps one day free before and after each stay for turnover (cleaning and preparing for the next group).'
            : `The house keeps ${turnoverDays} days free before and after each stay for turnover (cleaning and preparing for the next group).`}
        </Text>
      ) : null}
    </>
  );
}
