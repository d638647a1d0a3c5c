import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  inclusiveDayCount,
  isDayKey,
  makeDayKey,
  monthBounds,
  monthGrid,
  monthName,
  rangeToTimes,
  reservedDays,
  shiftMonth,
  timesToDays,
  todayIn,
} from './dates.js';

describe('day keys', () => {
  it('builds only real days', () => {
    expect(makeDayKey(2028, 2, 29)).toBe('2028-02-29');
    expect(makeDayKey(2027, 2, 29)).toBeNull();
    expect(makeDayKey(2027, 13, 1)).toBeNull();
    expect(isDayKey('2027-04-31')).toBe(false);
    expect(isDayKey('2027-4-3')).toBe(false);
    expect(isDayKey('2027-04-30')).toBe(true);
  });

  it('adds days across month, year and leap-day edges', () => {
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2027-03-10', '2027-03-12')).toBe(2);
  });
});

describe('reservation times', () => {
  it('sends midnight UTC of the first day and the last millisecond of the last, in either click order', () => {
    expect(rangeToTimes('2027-03-12', '2027-03-10')).toEqual({
      startTime: '2027-03-10T00:00:00.000Z',
      endTime: '2027-03-12T23:59:59.999Z',
    });
    expect(rangeToTimes('2027-03-10', '2027-03-10')).toEqual({
      startTime: '2027-03-10T00:00:00.000Z',
      endTime: '2027-03-10T23:59:59.999Z',
    });
  });

  it('accepts only the exact format', () => {
    expect(timesToDays('2027-03-10T00:00:00.000Z', '2027-03-12T23:59:59.999Z')).toEqual({ first: '2027-03-10', last: '2027-03-12' });
    expect(timesToDays('2027-03-10T00:00:00Z', '2027-03-12T23:59:59.999Z')).toBeNull();
    expect(timesToDays('2027-03-10T01:00:00.000Z', '2027-03-12T23:59:59.999Z')).toBeNull();
    expect(timesToDays('2027-02-30T00:00:00.000Z', '2027-03-12T23:59:59.999Z')).toBeNull();
  });

  it('counts days inclusively and lists every reserved day', () => {
    expect(inclusiveDayCount('2027-03-10T00:00:00.000Z', '2027-03-10T23:59:59.999Z')).toBe(1);
    expect(inclusiveDayCount('2028-02-28T00:00:00.000Z', '2028-03-01T23:59:59.999Z')).toBe(3);
    expect(reservedDays('2027-12-31T00:00:00.000Z', '2028-01-02T23:59:59.999Z')).toEqual([
      '2027-12-31',
      '2028-01-01',
      '2028-01-02',
    ]);
  });
});

describe('month grid', () => {
  it('starts weeks on Sunday and pads with neighbouring days', () => {
    // March 2027 begins on a Monday.
    const weeks = monthGrid(2027, 3);
    expect(weeks[0]![0]).toEqual({ key: '2027-02-28', day: 28, inMonth: false });
    expect(weeks[0]![1]).toEqual({ key: '2027-03-01', day: 1, inMonth: true });
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const inMonth = weeks.flat().filter((d) => d.inMonth);
    expect(inMonth).toHaveLength(31);
    expect(inMonth.at(-1)!.key).toBe('2027-03-31');
  });

  it('handles February of a leap year and a month starting on Sunday', () => {
    expect(monthGrid(2028, 2).flat().filter((d) => d.inMonth)).toHaveLength(29);
    // August 2027 begins on a Sunday: no padding before.
    expect(monthGrid(2027, 8)[0]![0]!.key).toBe('2027-08-01');
    expect(monthBounds(2027, 12)).toEqual({ first: '2027-12-01', last: '2027-12-31' });
  });

  it('moves between months across years', () => {
    expect(shiftMonth(2027, 12, 1)).toEqual({ year: 2028, month: 1 });
    expect(shiftMonth(2027, 1, -1)).toEqual({ year: 2026, month: 12 });
    expect(monthName(3)).toBe('March');
  });
});

describe('today in a time zone', () => {
  it('depends on the zone, not on the machine', () => {
    const instant = new Date('2027-03-10T03:00:00.000Z');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2027-03-09');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2027-03-10');
    expect(todayIn('UTC', instant)).toBe('2027-03-10');
  });
});
