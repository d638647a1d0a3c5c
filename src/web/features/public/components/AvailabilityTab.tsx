import { Alert, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { monthName, reservedDays, type DayKey } from '../../../../shared/dates.js';
import { useHouseToday } from '../../../api/houseToday.js';
import {
  CalendarLegend,
  MonthCalendar,
  type DayInfo,
  type LegendItem,
} from '../../../components/month-calendar/index.js';
import { publicCalendarQuery } from '../api/availability.js';

const legend: LegendItem[] = [
  { tone: 'available', text: 'Available' },
  { tone: 'reserved', text: 'Reserved' },
  { tone: 'past', text: 'Past' },
];

const RESERVED: DayInfo = { state: 'reserved', label: 'Reserved', tone: 'reserved' };
const PAST: DayInfo = { state: 'past', tone: 'past' };
const AVAILABLE: DayInfo = { state: 'available', tone: 'available' };

/** The public month calendar: reserved days are labelled 'Reserved' (SPEC §2). */
export function AvailabilityTab() {
  const today = useHouseToday();
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const shown = view ?? { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const { data, isError, isFetching } = useQuery(publicCalendarQuery(shown.year, shown.month));

  const reserved = useMemo(
    () => new Set((data ?? []).flatMap((e) => reservedDays(e.startTime, e.endTime))),
    [data],
  );
  const getDay = (key: DayKey): DayInfo =>
    reserved.has(key) ? RESERVED : key < today ? PAST : AVAILABLE;

  return (
    <>
      <Title order={2}>Availability</Title>
      <Text mb="md">
        See which days are already reserved. Days marked Reserved are taken; log in to request
        other dates.
      </Text>
      {isError ? (
        <Alert color="red" mb="sm">
          {`Could not load availability data for ${monthName(shown.month)} ${shown.year}.`}
        </Alert>
      ) : null}
      <MonthCalendar
        year={shown.year}
        month={shown.month}
        onMonthChange={(year, month) => setView({ year, month })}
        today={today}
        busy={isFetching}
        getDay={getDay}
      />
      <CalendarLegend items={legend} />
    </>
  );
}
