import { describe, expect, it } from 'vitest';
import { occupancyReport, percentOneDecimal, type OccupancyStayInput } from './occupancy-report.js';

const stay = (over: Partial<OccupancyStayInput>): OccupancyStayInput => ({
  firstDay: '2027-01-10',
  lastDay: '2027-01-12',
  guests: 10,
  priceCents: 100_000,
  netPaidCents: 0,
  ...over,
});

describe('occupancyReport', () => {
  it('counts a stay across a month end in both months, its nights where they begin', () => {
    const across = stay({
      firstDay: '2027-01-30',
      lastDay: '2027-02-02',
      guests: 12,
      priceCents: 250_000,
      netPaidCents: 50_000,
    });
    const rows = occupancyReport(2027, [across], [], []);
    expect(rows[0]).toMatchObject({
      month: 1,
      days: 31,
      heldDays: 2,
      stays: 1,
      guestNights: 24,
      invoicedCents: 250_000,
      outstandingCents: 200_000,
    });
    expect(rows[0]!.occupancyPercent).toBe(6.5);
    // Feb 1 begins a night; Feb 2 is the last day and begins none.
    expect(rows[1]).toMatchObject({
      month: 2,
      days: 28,
      heldDays: 2,
      stays: 1,
      guestNights: 12,
      invoicedCents: 0,
      outstandingCents: 0,
    });
  });

  it('counts closures, leap years, the ledger by month, and stays reaching over the year', () => {
    const fromLastYear = stay({ firstDay: '2027-12-30', lastDay: '2028-01-02', guests: 5 });
    const rows = occupancyReport(
      2028,
      [fromLastYear],
      [
        { firstDay: '2028-02-27', lastDay: '2028-03-01' },
        { firstDay: '2028-02-28', lastDay: '2028-02-29' },
      ],
      [{ month: 3, receivedCents: 5_000, refundedCents: 700 }],
    );
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ heldDays: 2, stays: 1, guestNights: 5, invoicedCents: 0 });
    expect(rows[1]).toMatchObject({ days: 29, closedDays: 3, heldDays: 0 });
    expect(rows[2]).toMatchObject({ closedDays: 1, receivedCents: 5_000, refundedCents: 700 });
    expect(rows[11]).toMatchObject({ heldDays: 0, stays: 0, receivedCents: 0 });
  });

  it('never counts a day twice or owes below zero', () => {
    const a = stay({ netPaidCents: 150_000 });
    const rows = occupancyReport(2027, [a, { ...a }], [], []);
    expect(rows[0]).toMatchObject({ heldDays: 3, stays: 2, outstandingCents: 0 });
  });
});

describe('percentOneDecimal', () => {
  it('rounds half up to one decimal', () => {
    expect(percentOneDecimal(2, 31)).toBe(6.5);
    expect(percentOneDecimal(1, 3)).toBe(33.3);
    expect(percentOneDecimal(2, 3)).toBe(66.7);
    expect(percentOneDecimal(1, 8)).toBe(12.5);
    expect(percentOneDecimal(0, 0)).toBe(0);
  });
});
