import { Alert, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, Ref } from 'react';
import { monthName, type DayKey } from '../../../../shared/dates.js';
import { statusLabel, statusTitle } from '../../../../shared/reservations.js';
import { errorMessage } from '@/lib/api/client.js';
import { MonthCalendar, type DayInfo, type LegendItem } from '@/components/month-calendar/index.js';
import { HouseCalendarKey } from '@/components/month-calendar/HouseCalendarKey.js';
import type { DayOccupancy } from '../selection.js';
import { MyCalendarSubscribe } from './MyCalendarSubscribe.js';

const legend: LegendItem[] = [
  { tone: 'available', text: 'Available' },
  { tone: 'selected', text: 'Selected' },
  { tone: 'pending', text: 'Your reservation, pending' },
  { tone: 'approved', text: 'Your reservation, approved' },
  { tone: 'cancelled', text: 'Your reservation, cancelled or rejected (day is free)' },
  { tone: 'reserved', text: 'Reserved by someone else' },
  { tone: 'past', text: 'Past' },
];

const TURNOVER: DayInfo = {
  state: 'kept free for turnover between stays',
  label: 'Turnover',
  tone: 'turnover',
  disabled: true,
};

/** A day of the member's calendar: own reservations by status, others' as reserved. */
export function memberDay(
  key: DayKey,
  o: DayOccupancy | undefined,
  today: DayKey,
  highlighted: ReadonlySet<DayKey>,
): DayInfo {
  const past = key < today;
  if (o?.own) {
    const status = o.own.status;
    return {
      state: `your reservation, ${statusLabel(status)}`,
      label: statusTitle(status),
      tone: status === 'approved' ? 'approved' : 'pending',
      highlighted: highlighted.has(key),
    };
  }
  if (o?.closed !== undefined)
    return { state: `closed, ${o.closed}`, label: 'Closed', tone: 'closed', disabled: true };
  if (o?.other) return { state: 'reserved', label: 'Reserved', tone: 'reserved', disabled: true };
  if (o?.released) {
    const status = o.released.status;
    return {
      state: `your reservation, ${statusLabel(status)}${past ? ', past' : ''}`,
      label: statusTitle(status),
      tone: status === 'rejected' ? 'rejected' : 'cancelled',
      disabled: past,
    };
  }
  if (past) return { state: 'past', tone: 'past', disabled: true };
  if (o?.turnover) return TURNOVER;
  return { state: 'available', tone: 'available' };
}

export interface MemberCalendarSectionProps {
  ref: Ref<HTMLElement>;
  shown: { year: number; month: number };
  onMonthChange: (year: number, month: number) => void;
  today: DayKey;
  calendar: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'isFetching'>;
  closures: ComponentProps<typeof HouseCalendarKey>['closures'];
  turnoverDays: number;
  selection: ComponentProps<typeof MonthCalendar>['selection'];
  days: ReadonlyMap<DayKey, DayOccupancy>;
  /** The days of the reservation open in the list. */
  highlighted: ReadonlySet<DayKey>;
  onSelect: (key: DayKey) => void;
  onSelectDisabled: (key: DayKey) => void;
  /** Why the last choice of days was refused (null when none was). */
  refusal: string | null;
}

/** My Reservations' calendar: the member's month, the refusal of a choice, the legend and the feed. */
export function MemberCalendarSection({
  ref,
  shown,
  onMonthChange,
  today,
  calendar,
  closures,
  turnoverDays,
  selection,
  days,
  highlighted,
  onSelect,
  onSelectDisabled,
  refusal,
}: MemberCalendarSectionProps) {
  const calendarError = calendar.isError
    ? errorMessage(
        calendar.error,
        `Could not load reservation data for ${monthName(shown.month)} ${shown.year}.`,
      )
    : null;

  return (
    <section ref={ref} aria-labelledby="reservations-calendar-heading">
      <Title order={2} id="reservations-calendar-heading" size="h3" mb="xs">
        Calendar
      </Title>
      {calendarError ? (
        <Alert color="red" mb="sm">
          {calendarError}
        </Alert>
      ) : null}
      <MonthCalendar
        year={shown.year}
        month={shown.month}
        onMonthChange={onMonthChange}
        today={today}
        busy={calendar.isFetching}
        selection={selection}
        getDay={(key) => memberDay(key, days.get(key), today, highlighted)}
        onSelect={onSelect}
        onSelectDisabled={onSelectDisabled}
      />
      <Text
        id="range-refusal"
        role="status"
        aria-live="polite"
        c="red.9"
        fw={500}
        mt={refusal ? 'xs' : 0}
      >
        {refusal}
      </Text>
      <HouseCalendarKey legend={legend} closures={closures} turnoverDays={turnoverDays} />
      <MyCalendarSubscribe />
    </section>
  );
}
