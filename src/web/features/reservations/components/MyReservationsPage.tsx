import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { monthName, reservedDays, type DayKey } from '../../../../shared/dates.js';
import { inTab, isHolding, statusLabel, type MemberTab } from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { errorMessage } from '@/lib/api/client.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { byId, focusResult } from '@/components/focus-result.js';
import { PageTitle } from '@/components/PageTitle.js';
import {
  CalendarLegend,
  HouseNotes,
  houseLegend,
  MonthCalendar,
  type DayInfo,
  type LegendItem,
} from '@/components/month-calendar/index.js';
import { myReservationsQuery } from '../api/reservations.js';
import { isHeld, type DayOccupancy } from '../selection.js';
import { MyCalendarSubscribe } from './MyCalendarSubscribe.js';
import { NewReservationForm } from './NewReservationForm.js';
import { ReservationsList } from './ReservationsList.js';
import { useMemberMonths } from './useMemberMonths.js';
import { useRangeSelection } from './useRangeSelection.js';
import { useScrollLater } from './useScrollLater.js';

/** SPEC §9: the view scrolls to a reservation 10 ms after it is expanded. */
export const SCROLL_DELAY_MS = 10;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
      label: capitalise(statusLabel(status)),
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
      label: capitalise(statusLabel(status)),
      tone: status === 'rejected' ? 'rejected' : 'cancelled',
      disabled: past,
    };
  }
  if (past) return { state: 'past', tone: 'past', disabled: true };
  if (o?.turnover) return TURNOVER;
  return { state: 'available', tone: 'available' };
}

const yearOf = (key: DayKey) => Number(key.slice(0, 4));
const monthOf = (key: DayKey) => Number(key.slice(5, 7));

/** /account/reservations: the member's calendar, the request form and the list (SPEC §2). */
export function MyReservationsPage() {
  const today = useHouseToday();
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const shown = view ?? { year: yearOf(today), month: monthOf(today) };
  const turnoverDays = useFacilityInfo().data?.turnoverDays ?? 0;
  const list = useQuery(myReservationsQuery);

  const { selection, setSelection, choose, refusal } = useRangeSelection(today, turnoverDays);
  const { calendar, closures, days, spannedDays } = useMemberMonths(shown, selection, turnoverDays);
  const [tab, setTab] = useState<MemberTab>('all');
  const [expandedId, setExpandedId] = useState<number | null>(null);

  const calendarRef = useRef<HTMLElement>(null);
  const scrollLater = useScrollLater(SCROLL_DELAY_MS);

  const reservations = list.data;
  const expanded = reservations?.find((r) => r.id === expandedId) ?? null;
  const highlighted = useMemo(
    () =>
      new Set(
        expanded && isHolding(expanded.status)
          ? reservedDays(expanded.startTime, expanded.endTime)
          : [],
      ),
    [expanded],
  );

  /** Shows a reservation's details in the list (a click on one of its days). */
  function viewReservation(r: Reservation) {
    setSelection(null);
    if (!inTab(tab, r.status)) setTab(isHolding(r.status) ? 'all' : (r.status as MemberTab));
    setExpandedId(r.id);
    scrollLater(() => document.getElementById(`reservation-${r.id}`));
  }

  function onSelectDay(key: DayKey) {
    const own = days.get(key)?.own;
    if (own) {
      viewReservation(own);
      return;
    }
    // Selecting dates clears any viewed reservation.
    setExpandedId(null);
    choose(key);
  }

  function onToggle(r: Reservation) {
    if (expandedId === r.id) {
      setExpandedId(null);
      return;
    }
    setExpandedId(r.id);
    if (isHolding(r.status)) {
      // Show its month on the calendar, highlighted, and bring the calendar into view.
      setView({ year: yearOf(r.startTime), month: monthOf(r.startTime) });
      scrollLater(() => calendarRef.current);
    }
  }

  function onTabChange(next: MemberTab) {
    setTab(next);
    setSelection(null);
    setExpandedId(null);
  }

  const calendarError = calendar.isError
    ? errorMessage(
        calendar.error,
        `Could not load reservation data for ${monthName(shown.month)} ${shown.year}.`,
      )
    : null;

  return (
    <>
      <PageTitle>My Reservations</PageTitle>
      <Text mb="md">
        Select dates on the calendar to start a new reservation request: click the first day, then
        the last day. Click a day of one of your reservations to see its details.
      </Text>

      <Stack gap="lg">
        <section ref={calendarRef} aria-labelledby="reservations-calendar-heading">
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
            onMonthChange={(year, month) => setView({ year, month })}
            today={today}
            busy={calendar.isFetching}
            selection={selection}
            getDay={(key) => memberDay(key, days.get(key), today, highlighted)}
            onSelect={onSelectDay}
            onSelectDisabled={(key) => choose(key, true)}
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
          <CalendarLegend items={[...legend, ...houseLegend(turnoverDays)]} />
          <HouseNotes closures={closures.data ?? []} turnoverDays={turnoverDays} />
          <MyCalendarSubscribe />
        </section>

        {selection && expandedId === null ? (
          <NewReservationForm
            selection={selection}
            held={(key) => isHeld(spannedDays.get(key)) || isHeld(days.get(key))}
            onClear={() => setSelection(null)}
            onSubmitted={(created) => {
              setSelection(null);
              // A new request is pending: shown under All and Pending.
              if (!inTab(tab, created.status)) setTab('all');
              focusResult(byId(`reservation-${created.id}`));
            }}
          />
        ) : null}

        <ReservationsList
          reservations={reservations}
          loading={list.isPending}
          failed={list.isError}
          tab={tab}
          onTabChange={onTabChange}
          expandedId={expandedId}
          onToggle={onToggle}
          onCollapse={() => {
            // After an edit or a cancellation: focus the row (or, if it left this tab, the list).
            const id = expandedId;
            setExpandedId(null);
            focusResult(byId(`reservation-${id}`), byId('reservations-list-heading'));
          }}
        />
      </Stack>
    </>
  );
}
