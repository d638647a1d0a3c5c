/**
 * The occupancy report's figures for people (docs/house-operations.md): month
 * names, the year's totals, and the change from the year before.
 */
import { MONTH_NAMES } from '../../../shared/dates.js';
import { percentOneDecimal } from '../../../shared/occupancy-report.js';
import { formatMoney } from '../../../shared/pricing.js';
import type { OccupancyMonth } from '../../../shared/schemas/operations.js';

/** Month 1-12 as 'Jan' … 'Dec'. */
export const shortMonthName = (month: number) => (MONTH_NAMES[month - 1] ?? '').slice(0, 3);

/**
 * A year's figures. Stays are left out: a stay across a month's end counts in
 * each of its months, so the months' stays do not add up to the year's.
 */
export type YearTotals = Omit<OccupancyMonth, 'month' | 'stays'>;

const summed = [
  'days',
  'heldDays',
  'closedDays',
  'guestNights',
  'invoicedCents',
  'receivedCents',
  'refundedCents',
  'outstandingCents',
] as const satisfies readonly (keyof YearTotals)[];

/** The months added up; occupancy is the year's held days over its days. */
export function yearTotals(months: readonly OccupancyMonth[]): YearTotals {
  const sums = Object.fromEntries(
    summed.map((key) => [key, months.reduce((sum, m) => sum + m[key], 0)]),
  ) as Record<(typeof summed)[number], number>;
  return { ...sums, occupancyPercent: percentOneDecimal(sums.heldDays, sums.days) };
}

/** This year's totals minus the year before's, figure by figure. */
export function totalsChange(current: YearTotals, previous: YearTotals): YearTotals {
  const keys = Object.keys(current) as (keyof YearTotals)[];
  const change = Object.fromEntries(keys.map((key) => [key, current[key] - previous[key]]));
  // Percentages are kept to one decimal; the difference should be too (no 0.30000000000000004).
  return {
    ...(change as YearTotals),
    occupancyPercent: Math.round(change.occupancyPercent! * 10) / 10,
  };
}

/** '45.2%'. */
export const percentText = (percent: number) => `${percent.toFixed(1)}%`;

/** A count with its sign: '+3', '-2', '0'. */
export const signedCount = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Percentage points with their sign: '+5.2 points'. */
export const signedPoints = (points: number) =>
  `${points > 0 ? '+' : ''}${points.toFixed(1)} points`;

/** An amount with its sign: '+$120.00', '-$5.00', '$0.00'. */
export const signedMoney = (cents: number, currency: string) =>
  `${cents > 0 ? '+' : ''}${formatMoney(cents, currency)}`;
