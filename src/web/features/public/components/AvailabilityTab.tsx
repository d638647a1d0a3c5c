import { Alert, List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import {
  WEEKDAY_NAMES,
  monthName,
  monthOfDay,
  reservedDays,
  type DayKey,
} from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { closedDays, turnoverDaysAround } from '../../../../shared/calendar-holds.js';
import { closuresQuery } from '@/lib/api/closures.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { CalendarSubscribe } from '@/components/calendar-subscribe/CalendarSubscribe.js';
import { useHydrated } from '@/components/useHydrated.js';
import {
  MonthCalendar,
  MonthCalendarPlaceholder,
  type DayInfo,
  type LegendItem,
} from '@/components/month-calendar/index.js';
import { HouseCalendarKey } from '@/components/month-calendar/HouseCalendarKey.js';
import { publicCalendarQuery } from '../api/availability.js';
import { pricingInfoQuery, type PricingInfo } from '../api/pricing.js';

const legend: LegendItem[] = [
  { tone: 'available', text: 'Available' },
  { tone: 'reserved', text: 'Reserved' },
  { tone: 'past', text: 'Past' },
];

const RESERVED: DayInfo = { state: 'reserved', label: 'Reserved', tone: 'reserved' };
const PAST: DayInfo = { state: 'past', tone: 'past' };
const TURNOVER: DayInfo = {
  state: 'kept free for turnover between stays',
  label: 'Turnover',
  tone: 'turnover',
};
const AVAILABLE: DayInfo = { state: 'available', tone: 'available' };

/** "06-01" as "June 1". */
const monthDay = (mmdd: string) =>
  `${monthName(Number(mmdd.slice(0, 2)))} ${Number(mmdd.slice(3))}`;

/** Weekdays 0-6 as "Saturday and Sunday" (Monday first). */
function weekdays(days: readonly number[]): string {
  const names = [...new Set(days)]
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    .map((d) => WEEKDAY_NAMES[d] ?? '');
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The day-rate lines: the default rate, each season with its span, each
 * weekday rate; with group pricing those of nothing are left out, as on a quote.
 */
function rateLines(p: PricingInfo): string[] {
  const perDay = (cents: number) => `${formatMoney(cents, p.currency)} a day`;
  const shown = (cents: number) => !p.group || cents > 0;
  return [
    ...(shown(p.dailyRateCents) ? [`${p.defaultLabel}: ${perDay(p.dailyRateCents)}`] : []),
    ...p.seasons
      .filter((s) => shown(s.dailyRateCents))
      .map(
        (s) => `${s.label} (${monthDay(s.from)} to ${monthDay(s.to)}): ${perDay(s.dailyRateCents)}`,
      ),
    ...p.weekdayRates
      .filter((w) => shown(w.dailyRateCents))
      .map((w) => `${w.label} (${weekdays(w.weekdays)}): ${perDay(w.dailyRateCents)}`),
  ];
}

/** A group's deposit and due days in words, e.g. "A deposit of 25% of the price confirms a stay; it is not refunded. …". */
function groupTerms(group: NonNullable<PricingInfo['group']>): string {
  const deposit = group.deposit
    ? `A deposit of ${group.deposit.percent}% of the price confirms a stay${group.deposit.refundable ? '' : '; it is not refunded'}. `
    : '';
  return `${deposit}The balance is due ${group.balanceDueDaysBeforeStart} days before arrival, the final number of guests ${group.finalCountDueDaysBeforeStart} days before.`;
}

/** The house's rates and cancellation policy (docs/money.md), below the calendar. */
function Rates({ hydrated }: { hydrated: boolean }) {
  const answer = useQuery(pricingInfoQuery);
  // Drawn as prerendered ("Loading rates...") until the app has taken the page over.
  const data = hydrated ? answer.data : undefined;
  const isError = hydrated && answer.isError;
  const dayRates = data ? rateLines(data) : [];
  return (
    <section aria-labelledby="rates-heading">
      <Title order={3} id="rates-heading" mt="lg" mb="xs">
        Rates
      </Title>
      {isError ? (
        <Text>The rates could not be loaded. Please try again later.</Text>
      ) : !data ? (
        <Text>Loading rates...</Text>
      ) : (
        <>
          {dayRates.length > 0 ? (
            <>
              <Text mb="xs">
                Prices are per day: a stay counts every day from its first to its last.
                {data.seasons.length > 0 && data.weekdayRates.length > 0
                  ? ' Season rates take precedence over weekday rates.'
                  : ''}
              </Text>
              <List mb="xs">
                {dayRates.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </>
          ) : null}
          {data.group && data.groupRates.length > 0 ? (
            <>
              <Text mb="xs">Groups are priced per person:</Text>
              <List mb="xs">
                {data.groupRates.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
              <Text mb="xs">{groupTerms(data.group)}</Text>
            </>
          ) : null}
          <Text>{data.policyDescription}</Text>
        </>
      )}
    </section>
  );
}

/** The public month calendar: reserved days are labelled 'Reserved' (docs/product.md §2). */
export function AvailabilityTab() {
  // Prerendered at build time: today's month and the site's origin come with the browser.
  const hydrated = useHydrated();
  const today = useHouseToday();
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const shown = view ?? monthOfDay(today);
  const calendar = useQuery(publicCalendarQuery(shown.year, shown.month));
  const closuresAnswer = useQuery(closuresQuery(shown.year, shown.month));
  const facility = useFacilityInfo();
  // The answers may be in before the app takes the prerendered page over (they
  // are asked for as the page starts, see prefetchAvailability): until it has,
  // the page is drawn as it was prerendered, without them.
  const data = hydrated ? calendar.data : undefined;
  const isError = hydrated && calendar.isError;
  const closuresData = hydrated ? closuresAnswer.data : undefined;
  const closures = useMemo(() => closuresData ?? [], [closuresData]);
  const turnoverDays = hydrated ? (facility.data?.turnoverDays ?? 0) : 0;
  // The first month is drawn once, with all that marks its days: the stays, the
  // closures and the house's today (each answered, or failed). Drawn as each
  // arrives, it showed every day free for a moment and cost a phone a whole
  // calendar's drawing per answer. It is drawn in the background, in slices
  // (a deferred value), not in the task of the answer that completes it.
  const firstMonthReady =
    (calendar.data !== undefined || calendar.isError) &&
    !closuresAnswer.isPending &&
    !facility.isPlaceholderData;
  const calendarShown = useDeferredValue(hydrated && (firstMonthReady || view !== null));

  const { reserved, turnover } = useMemo(() => {
    const stays = (data ?? [])
      .map((e) => reservedDays(e.startTime, e.endTime))
      .filter((keys) => keys.length > 0);
    return {
      reserved: new Set(stays.flat()),
      turnover: turnoverDaysAround(
        stays.map((keys) => ({ first: keys[0]!, last: keys[keys.length - 1]! })),
        turnoverDays,
      ),
    };
  }, [data, turnoverDays]);
  const closed = useMemo(() => closedDays(closures), [closures]);
  const getDay = (key: DayKey): DayInfo => {
    const label = closed.get(key);
    if (label !== undefined) return { state: `closed, ${label}`, label: 'Closed', tone: 'closed' };
    if (reserved.has(key)) return RESERVED;
    if (key < today) return PAST;
    return turnover.has(key) ? TURNOVER : AVAILABLE;
  };

  return (
    <>
      <Title order={2}>Availability</Title>
      <Text mb="md">
        See which days are already reserved. Days marked Reserved are taken; log in to request other
        dates.
      </Text>
      {isError ? (
        <Alert color="red" mb="sm">
          {`Could not load availability data for ${monthName(shown.month)} ${shown.year}.`}
        </Alert>
      ) : null}
      {calendarShown ? (
        <MonthCalendar
          year={shown.year}
          month={shown.month}
          onMonthChange={(year, month) => setView({ year, month })}
          today={today}
          busy={calendar.isFetching}
          getDay={getDay}
        />
      ) : (
        <MonthCalendarPlaceholder />
      )}
      <HouseCalendarKey legend={legend} closures={closures} turnoverDays={turnoverDays} />
      <CalendarSubscribe
        url={`${hydrated ? window.location.origin : ''}/api/calendar/public.ics`}
        description="The reserved and closed days of the house in your calendar app, kept up to date."
      />
      <Rates hydrated={hydrated} />
    </>
  );
}
