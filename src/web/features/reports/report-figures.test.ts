import { describe, expect, it } from 'vitest';
import type { OccupancyMonth } from '../../../shared/schemas/operations.js';
import {
  shortMonthName,
  signedCount,
  signedMoney,
  signedPoints,
  totalsChange,
  yearTotals,
} from './report-figures.js';

const month = (m: number, extra: Partial<OccupancyMonth> = {}): OccupancyMonth => ({
  month: m,
  days: 30,
  heldDays: 0,
  closedDays: 0,
  occupancyPercent: 0,
  stays: 0,
  guestNights: 0,
  invoicedCents: 0,
  receivedCents: 0,
  refundedCents: 0,
  outstandingCents: 0,
  ...extra,
});

describe('the occupancy report figures', () => {
  it('names the months in three letters', () => {
    expect([1, 5, 9, 12].map(shortMonthName)).toEqual(['Jan', 'May', 'Sep', 'Dec']);
  });

  it("adds the months up, occupancy being the year's held days over its days", () => {
    const totals = yearTotals([
      month(1, { heldDays: 30, occupancyPercent: 100, stays: 2, receivedCents: 500 }),
      month(2, { heldDays: 1, closedDays: 3, occupancyPercent: 3.3, stays: 1, refundedCents: 5 }),
      month(3),
    ]);
    expect(totals).toEqual({
      days: 90,
      heldDays: 31,
      closedDays: 3,
      occupancyPercent: 34.4,
      guestNights: 0,
      invoicedCents: 0,
      receivedCents: 500,
      refundedCents: 5,
      outstandingCents: 0,
    });
    expect(yearTotals([]).occupancyPercent).toBe(0);
  });

  it('gives the change from the year before, percentages to one decimal', () => {
    const current = yearTotals([month(1, { heldDays: 10 }), month(2, { heldDays: 1 })]);
    const previous = yearTotals([month(1, { heldDays: 9 }), month(2)]);
    const change = totalsChange(current, previous);
    expect(change.heldDays).toBe(2);
    // 18.3 - 15.0 is 3.3000000000000007 in floating point.
    expect(change.occupancyPercent).toBe(3.3);
    expect(change.days).toBe(0);
  });

  it('writes a change with its sign', () => {
    expect([signedCount(3), signedCount(-2), signedCount(0)]).toEqual(['+3', '-2', '0']);
    expect([signedPoints(5.2), signedPoints(-0.3), signedPoints(0)]).toEqual([
      '+5.2 points',
      '-0.3 points',
      '0.0 points',
    ]);
    expect([signedMoney(12000, 'USD'), signedMoney(-500, 'USD'), signedMoney(0, 'USD')]).toEqual([
      '+$120.00',
      '-$5.00',
      '$0.00',
    ]);
  });
});
