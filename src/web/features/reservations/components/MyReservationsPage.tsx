import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { reservedDays, type DayKey } from '../../../../shared/dates.js';
import {
  MEMBER_TABS,
  inTab,
  isHolding,
  sortByStart,
  type MemberTab,
} from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { byId, focusResult } from '@/components/focus-result.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useFilterParams } from '@/components/useFilterParams.js';
import { myReservationCountsQuery, myReservationsPageQuery } from '../api/reservations.js';
import { isHeld } from '../selection.js';
import { MemberCalendarSection } from './MemberCalendarSection.js';
import { NewReservationForm } from './NewReservationForm.js';
import { ReservationsList } from './ReservationsList.js';
import { useMemberMonths } from './useMemberMonths.js';
import { useRangeSelection } from './useRangeSelection.js';
import { useScrollLater } from './useScrollLater.js';

/** docs/product.md §9: the view scrolls to a reservation 10 ms after it is expanded. */
export const SCROLL_DELAY_MS = 10;

const parseTab = (value: string | null): MemberTab => MEMBER_TABS.find((t) => t === value) ?? 'all';

/**
 * The open tab's page, with `extra` (a reservation opened from the calendar,
 * or just requested) where it sorts when it belongs to the tab but is on
 * another page (docs/lists.md).
 */
function withExtra(
  rows: Reservation[] | undefined,
  extra: Reservation | null,
  tab: MemberTab,
): Reservation[] | undefined {
  if (!rows || !extra || !inTab(tab, extra.status) || rows.some((r) => r.id === extra.id))
    return rows;
  return sortByStart([...rows, extra]);
}

const yearOf = (key: DayKey) => Number(key.slice(0, 4));
const monthOf = (key: DayKey) => Number(key.slice(5, 7));

/**
 * /account/reservations: the member's calendar, the request form and the list
 * (docs/product.md §2), 50 a page with the tab and the page in the address (`?tab=`,
 * `?page=`); the tabs' counts come from the server (docs/lists.md).
 */
export function MyReservationsPage() {
  const today = useHouseToday();
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const shown = view ?? { year: yearOf(today), month: monthOf(today) };
  const turnoverDays = useFacilityInfo().data?.turnoverDays ?? 0;

  const { params, set: setParam, page, setPage } = useFilterParams();
  const tab = parseTab(params.get('tab'));
  const counts = useQuery(myReservationCountsQuery);
  const list = useQuery(myReservationsPageQuery(tab, page));

  const { selection, setSelection, choose, refusal } = useRangeSelection(today, turnoverDays);
  const { calendar, closures, days, spannedDays } = useMemberMonths(shown, selection, turnoverDays);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  /** A reservation shown with the page though it is on another one: opened from the calendar or just requested. */
  const [extra, setExtra] = useState<Reservation | null>(null);

  const calendarRef = useRef<HTMLElement>(null);
  const scrollLater = useScrollLater(SCROLL_DELAY_MS);

  // A failed first load shows an empty tab under the error, not a loader.
  const pageRows = list.data?.tab === tab ? list.data.reservations : list.isError ? [] : undefined;
  const rows = withExtra(pageRows, extra, tab);
  const expanded = rows?.find((r) => r.id === expandedId) ?? null;
  const highlighted = useMemo(
    () =>
      new Set(
        expanded && isHolding(expanded.status)
          ? reservedDays(expanded.startTime, expanded.endTime)
          : [],
      ),
    [expanded],
  );

  /** Opens a tab's first page (the address keeps the tab; All is the default). */
  const showTab = (next: MemberTab) => setParam('tab', next !== 'all' ? next : null, ['page']);

  /**
   * Shows a reservation's details in the list (a click on one of its days):
   * in its tab, and with the page shown even when it is on another page.
   */
  function viewReservation(r: Reservation) {
    setSelection(null);
    if (!inTab(tab, r.status)) showTab(isHolding(r.status) ? 'all' : (r.status as MemberTab));
    setExtra(r);
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
    showTab(next);
    setSelection(null);
    setExpandedId(null);
    setExtra(null);
  }

  function onPage(index: number) {
    setPage(index);
    setExpandedId(null);
    setExtra(null);
  }

  return (
    <>
      <PageTitle>My Reservations</PageTitle>
      <Text mb="md">
        Select dates on the calendar to start a new reservation request: click the first day, then
        the last day. Click a day of one of your reservations to see its details.
      </Text>

      <Stack gap="lg">
        <MemberCalendarSection
          ref={calendarRef}
          shown={shown}
          onMonthChange={(year, month) => setView({ year, month })}
          today={today}
          calendar={calendar}
          closures={closures.data ?? []}
          turnoverDays={turnoverDays}
          selection={selection}
          days={days}
          highlighted={highlighted}
          onSelect={onSelectDay}
          onSelectDisabled={(key) => choose(key, true)}
          refusal={refusal}
        />

        {selection && expandedId === null ? (
          <NewReservationForm
            selection={selection}
            held={(key) => isHeld(spannedDays.get(key)) || isHeld(days.get(key))}
            onClear={() => setSelection(null)}
            onSubmitted={(created) => {
              setSelection(null);
              // A new request is pending: shown under All and Pending, with this page if on another.
              if (!inTab(tab, created.status)) showTab('all');
              setExtra(created);
              focusResult(byId(`reservation-${created.id}`));
            }}
          />
        ) : null}

        <ReservationsList
          counts={counts.data}
          rows={rows}
          loading={list.isPending || counts.isPending}
          failed={list.isError || counts.isError}
          tab={tab}
          onTabChange={onTabChange}
          expandedId={expandedId}
          onToggle={onToggle}
          onCollapse={() => {
            // After an edit or a cancellation: focus the row (or, if it left this tab or
            // this page, the list). One shown from another page goes: its copy is stale.
            const id = expandedId;
            setExpandedId(null);
            setExtra(null);
            focusResult(byId(`reservation-${id}`), byId('reservations-list-heading'));
          }}
          page={page}
          hasNext={list.data?.tab === tab ? list.data.hasNext : false}
          busy={list.isPlaceholderData}
          onPage={onPage}
        />
      </Stack>
    </>
  );
}
