import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  inclusiveDayCount,
  isDayKey,
  longDate,
  makeDayKey,
  monthBounds,
  monthGrid,
  monthName,
  monthOfDay,
  rangeToTimes,
  reservedDays,
  shiftMonth,
  timesToDays,
  todayAtOffset,
  todayIn,
  utcOffsetMinutes,
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
    expect(timesToDays('2027-03-10T00:00:00.000Z', '2027-03-12T23:59:59.999Z')).toEqual({
      first: '2027-03-10',
      last: '2027-03-12',
    });
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
  it('names the month a day is in', () => {
    expect(monthOfDay('2027-03-05')).toEqual({ year: 2027, month: 3 });
    expect(monthOfDay('1999-12-31')).toEqual({ year: 1999, month: 12 });
  });

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
    expect(
      monthGrid(2028, 2)
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(29);
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

describe('today in a time zone, again', () => {
  it('gives each zone its own answer when zones alternate (formatters are kept per zone)', () => {
    const instant = new Date('2027-03-10T03:00:00.000Z');
    for (let i = 0; i < 3; i++) {
      expect(todayIn('Pacific/Auckland', instant)).toBe('2027-03-10');
      expect(todayIn('America/Los_Angeles', instant)).toBe('2027-03-09');
    }
  });

  it('refuses an unknown zone every time', () => {
    expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('long dates', () => {
  it('writes a day as en-US does', () => {
    expect(longDate('2027-03-10')).toBe('Wednesday, March 10, 2027');
    expect(longDate('2024-02-29')).toBe('Thursday, February 29, 2024');
  });

  it('agrees with Intl for every day of a leap year and its neighbours', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let key = '2023-12-25'; key <= '2025-01-05'; key = addDays(key, 1)) {
      expect(longDate(key)).toBe(intl.format(new Date(`${key}T00:00:00.000Z`)));
    }
  });
});

describe('UTC offsets', () => {
  it('follows daylight saving time in each zone', () => {
    expect(utcOffsetMinutes('Pacific/Auckland', new Date('2027-03-10T03:00:00.000Z'))).toBe(
      13 * 60,
    );
    expect(utcOffsetMinutes('Pacific/Auckland', new Date('2027-07-10T03:00:00.000Z'))).toBe(
      12 * 60,
    );
    expect(utcOffsetMinutes('America/Los_Angeles', new Date('2027-03-10T03:00:00.000Z'))).toBe(
      -8 * 60,
    );
    expect(utcOffsetMinutes('America/Los_Angeles', new Date('2027-03-15T03:00:00.000Z'))).toBe(
      -7 * 60,
    );
    expect(utcOffsetMinutes('Asia/Kolkata', new Date('2027-03-10T03:00:00.000Z'))).toBe(
      5 * 60 + 30,
    );
    expect(utcOffsetMinutes('UTC', new Date('2027-03-10T03:00:00.123Z'))).toBe(0);
  });

  it("gives the zone's today from the offset, as Intl does, at any instant", () => {
    const zones = [
      'UTC',
      'Pacific/Auckland',
      'Pacific/Chatham',
      'America/Los_Angeles',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({
          min: new Date('2020-01-01T00:00:00.000Z'),
          max: new Date('2040-01-01T00:00:00.000Z'),
          noInvalidDate: true,
        }),
        (zone, instant) =>
          todayAtOffset(utcOffsetMinutes(zone, instant), instant) === todayIn(zone, instant),
      ),
      { numRuns: 500 },
    );
  });
});
