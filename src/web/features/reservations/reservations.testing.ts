/**
 * Test fixtures of the My Reservations screens: reservations, a fake
 * reservations API over an in-memory list (with the public price calls), and
 * the page opened at a fixed "now".
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { addDays, monthBounds, reservedDays } from '../../../shared/dates.js';
import { describeGroupRates, quoteStay, stayProblem } from '../../../shared/group-pricing.js';
import { describePolicy } from '../../../shared/pricing.js';
import { sortByStart } from '../../../shared/reservations.js';
import type { Closure, PricingRules, Reservation } from '../../../shared/schemas/index.js';
import { facilityInfo, mockApi, testUser, type FakeRoutes, renderPageAt } from '@/test/utils.js';
import { pageOf, statusCounts } from '@/test/fake-lists.js';
import { memberReservation } from '@/test/member-reservation.js';

// "Now" is 5 March 2027, 20:00 UTC: already the 6th in Auckland, still the 5th in Chicago.
export const NOW = new Date('2027-03-05T20:00:00.000Z');

/** The house's rates in these tests: $150 a day, $180 on weekends; 100% back 30 days ahead, 50% 14 days ahead. */
export const RULES: PricingRules = {
  dailyRateCents: 15000,
  currency: 'USD',
  defaultLabel: 'Daily rate',
  seasons: [],
  weekdayRates: [{ label: 'Weekend rate', weekdays: [0, 6], dailyRateCents: 18000 }],
  cancellationPolicy: [
    { daysBeforeStart: 30, refundPercent: 100 },
    { daysBeforeStart: 14, refundPercent: 50 },
  ],
};

let nextId = 100;
export function reservation(
  over: Partial<Reservation> & Pick<Reservation, 'startTime' | 'endTime'>,
): Reservation {
  return memberReservation(nextId++, over);
}

export const days = (first: string, last: string) => ({
  startTime: `${first}T00:00:00.000Z`,
  endTime: `${last}T23:59:59.999Z`,
});

export interface ServerOptions {
  mine?: Reservation[];
  others?: { startTime: string; endTime: string }[];
  /** Closed days, as GET /api/closures answers them. */
  closures?: Closure[];
  /** The house's turnover days (GET /api/facility/info). */
  turnoverDays?: number;
  timeZone?: string;
  /** The house's rates (RULES unless given). */
  rules?: PricingRules;
  extra?: FakeRoutes;
}

/** A fake reservations API over an in-memory list, with the public price calls. */
export function reservationServer({
  mine = [],
  others = [],
  closures = [],
  turnoverDays = 0,
  timeZone = 'America/Chicago',
  rules = RULES,
  extra = {},
}: ServerOptions = {}) {
  const list = [...mine];
  // Like the server: a month widened by the turnover days on both sides.
  const overlaps = (
    r: { startTime: string; endTime: string },
    year: number,
    month: number,
    around = 0,
  ) => {
    const { first, last } = monthBounds(year, month);
    const [from, to] = [addDays(first, -around), addDays(last, around)];
    return reservedDays(r.startTime, r.endTime).some((d) => d >= from && d <= to);
  };
  const fetchMock = mockApi(
    {
      'GET /api/facility/info': facilityInfo(timeZone, { turnoverDays }),
      'GET /api/closures': (req) => {
        const q = new URL(req.url, 'http://localhost').searchParams;
        const { first, last } = monthBounds(Number(q.get('year')), Number(q.get('month')));
        return { body: closures.filter((c) => c.startDate <= last && c.endDate >= first) };
      },
      // As the server: by start then id, a tab's statuses, a page with limit/offset (docs/lists.md).
      'GET /api/reservations/my-reservations': (req) => {
        const q = new URL(req.url, 'http://localhost').searchParams;
        const statuses = q.get('status')?.split(',');
        const rows = sortByStart(list.filter((r) => !statuses || statuses.includes(r.status)));
        return { body: pageOf(rows, q) };
      },
      // A count per status in the database, whatever the loaded page holds.
      'GET /api/reservations/my-reservations/counts': () => ({ body: statusCounts(list) }),
      'GET /api/facility/pricing': {
        body: {
          ...rules,
          policyDescription: describePolicy(rules.cancellationPolicy),
          groupRates: rules.group ? describeGroupRates(rules.group, rules.currency) : [],
        },
      },
      // As the server: the guests and meal plan checked, then priced (without the terms).
      'GET /api/facility/quote': (req) => {
        const q = new URL(req.url, 'http://localhost').searchParams;
        const guests = q.get('guests');
        const choice = {
          guests: guests === null ? null : Number(guests),
          mealPlan: q.get('mealPlan'),
        };
        const problem = stayProblem(rules, choice);
        if (problem) return { status: 400, body: problem };
        const { terms: _terms, ...priced } = quoteStay(
          rules,
          q.get('start')!,
          q.get('end')!,
          choice,
        );
        return { body: priced };
      },
      'GET /api/reservations/calendar': (req) => {
        const q = new URL(req.url, 'http://localhost').searchParams;
        const year = Number(q.get('year'));
        const month = Number(q.get('month'));
        return {
          body: [
            ...list.filter((r) => overlaps(r, year, month)),
            ...others
              .filter((r) => overlaps(r, year, month, turnoverDays))
              .map((r) => ({ ...r, status: 'otherReserved' })),
          ],
        };
      },
      'POST /api/reservations': (req) => {
        const body = req.body as Pick<
          Reservation,
          'startTime' | 'endTime' | 'eventName' | 'eventDescription' | 'additionalInfo'
        >;
        const created = reservation({ ...body });
        list.push(created);
        return { status: 201, body: created };
      },
      ...extra,
    },
    { user: testUser },
  );
  return { fetchMock, list };
}

export const day = (name: string | RegExp) => screen.getByRole('button', { name });
export const findDay = (name: string | RegExp) => screen.findByRole('button', { name });

export async function openPage() {
  const result = await renderPageAt('/account/reservations', 'My Reservations');
  // The house's zone is known once the facility info arrived.
  await findDay(/^Friday, March 5, 2027, today/);
  return result;
}

export async function waitForList() {
  await waitFor(() =>
    expect(screen.queryByText('Loading your reservations...')).not.toBeInTheDocument(),
  );
}
