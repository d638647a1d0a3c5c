import { addDays, monthBounds, type DayKey } from './dates.js';

/** An approved stay as the year's report counts it (docs/house-operations.md). */
export interface OccupancyStayInput {
  firstDay: DayKey;
  lastDay: DayKey;
  /** Final count, else the count asked, else the house's minimum. */
  guests: number;
  priceCents: number;
  /** What the stay has paid, by the one rule of docs/money.md ("Paid and owed"). */
  netPaidCents: number;
}

export interface DayRange {
  firstDay: DayKey;
  lastDay: DayKey;
}

/** The ledger's money of one month (house time). */
export interface MonthMoney {
  month: number;
  receivedCents: number;
  refundedCents: number;
}

export interface OccupancyRow {
  month: number;
  days: number;
  heldDays: number;
  closedDays: number;
  occupancyPercent: number;
  stays: number;
  guestNights: number;
  invoicedCents: number;
  receivedCents: number;
  refundedCents: number;
  outstandingCents: number;
}

/** A share as a percentage with one decimal, rounded half up. */
export const percentOneDecimal = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.floor((part * 1000) / whole + 0.5) / 10;

const monthOf = (day: DayKey) => Number(day.slice(5, 7));
const yearOf = (day: DayKey) => Number(day.slice(0, 4));

/** Each day of a range that falls in `year`, once. */
function* daysInYear(range: DayRange, year: number): Generator<DayKey> {
  const first = `${year}-01-01` < range.firstDay ? range.firstDay : `${year}-01-01`;
  const last = `${year}-12-31` > range.lastDay ? range.lastDay : `${year}-12-31`;
  for (let day = first; day <= last; day = addDays(day, 1)) yield day;
}

/**
 * The year's twelve months: the days approved stays hold and closures close,
 * occupancy, the stays with a day in the month (a stay across a month's end
 * counts in both), guest-nights in the month each night begins, what the stays
 * beginning in the month were invoiced and still owe, and the ledger's money.
 */
export function occupancyReport(
  year: number,
  stays: readonly OccupancyStayInput[],
  closures: readonly DayRange[],
  money: readonly MonthMoney[],
): OccupancyRow[] {
  const held = Array.from({ length: 12 }, () => new Set<DayKey>());
  const closed = Array.from({ length: 12 }, () => new Set<DayKey>());
  const rows: OccupancyRow[] = Array.from({ length: 12 }, (_, i) => {
    const { last } = monthBounds(year, i + 1);
    const days = Number(last.slice(8, 10));
    const m = money.find((x) => x.month === i + 1);
    return {
      month: i + 1,
      days,
      heldDays: 0,
      closedDays: 0,
      occupancyPercent: 0,
      stays: 0,
      guestNights: 0,
      invoicedCents: 0,
      receivedCents: m?.receivedCents ?? 0,
      refundedCents: m?.refundedCents ?? 0,
      outstandingCents: 0,
    };
  });
  for (const stay of stays) {
    const months = new Set<number>();
    for (const day of daysInYear(stay, year)) {
      const i = monthOf(day) - 1;
      held[i]!.add(day);
      months.add(i);
      // A night belongs to the month of the day it begins: every day but the last.
      if (day < stay.lastDay) rows[i]!.guestNights += stay.guests;
    }
    for (const i of months) rows[i]!.stays += 1;
    if (yearOf(stay.firstDay) === year) {
      const row = rows[monthOf(stay.firstDay) - 1]!;
      row.invoicedCents += stay.priceCents;
      row.outstandingCents += Math.max(0, stay.priceCents - stay.netPaidCents);
    }
  }
  for (const closure of closures)
    for (const day of daysInYear(closure, year)) closed[monthOf(day) - 1]!.add(day);
  for (const row of rows) {
    row.heldDays = held[row.month - 1]!.size;
    row.closedDays = closed[row.month - 1]!.size;
    row.occupancyPercent = percentOneDecimal(row.heldDays, row.days);
  }
  return rows;
}
