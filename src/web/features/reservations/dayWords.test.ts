import { describe, expect, it } from 'vitest';
import { describeDays, justTakenMessage, refusalMessage } from './dayWords.js';
import type { Unavailable } from './selection.js';

describe('describeDays', () => {
  it('joins consecutive days into runs, in order, without repeats', () => {
    expect(describeDays(['2027-12-05', '2027-12-04', '2027-12-06'], '2027')).toBe(
      'December 4 to December 6',
    );
    expect(describeDays(['2027-12-04', '2027-12-09', '2027-12-04'], '2027')).toBe(
      'December 4 and December 9',
    );
    expect(describeDays(['2027-11-30', '2027-12-01', '2027-12-03', '2027-12-07'], '2027')).toBe(
      'November 30 to December 1, December 3 and December 7',
    );
  });

  it('names the year when it is not the given one', () => {
    expect(describeDays(['2027-12-31', '2028-01-01'], '2027')).toBe(
      'December 31 to January 1, 2028',
    );
  });
});

describe('refusalMessage', () => {
  const reasons =
    (map: Record<string, Unavailable>) =>
    (key: string): Unavailable | null =>
      map[key] ?? null;

  it('says which days are reserved and to choose around them', () => {
    const blocked = ['2027-12-04', '2027-12-05', '2027-12-06'];
    const reserved = reasons(Object.fromEntries(blocked.map((d) => [d, 'reserved'])));
    expect(refusalMessage(blocked, reserved, '2027-12-03')).toBe(
      'December 4 to December 6 are reserved, so this range cannot be booked. Choose days before or after them.',
    );
  });

  it("uses 'is' for one day, and names the member's own days", () => {
    expect(refusalMessage(['2027-12-04'], reasons({ '2027-12-04': 'yours' }), '2027-12-01')).toBe(
      'December 4 is held by your own reservation, so this range cannot be booked. Choose days before or after them.',
    );
  });

  it('advises by the reasons: past, too far, or a mix', () => {
    expect(refusalMessage(['2027-03-03'], reasons({ '2027-03-03': 'past' }), '2027-03-05')).toBe(
      'March 3 is in the past, so this range cannot be booked. Choose today or a later day.',
    );
    expect(refusalMessage(['2027-05-09'], reasons({ '2027-05-09': 'tooFar' }), '2027-03-10')).toBe(
      'May 9 is beyond the 60 days one reservation may last, so this range cannot be booked. Choose at most 60 days.',
    );
    const mixed = reasons({ '2027-03-03': 'past', '2027-03-04': 'past', '2027-03-07': 'reserved' });
    expect(refusalMessage(['2027-03-03', '2027-03-04', '2027-03-07'], mixed, '2027-03-10')).toBe(
      'March 3 to March 4 are in the past and March 7 is reserved, so this range cannot be booked. Choose other days.',
    );
  });
});

describe('justTakenMessage', () => {
  it('names the days a request lost', () => {
    expect(justTakenMessage(['2027-12-04', '2027-12-05'], '2027-12-01')).toBe(
      'December 4 to December 5 were just reserved.',
    );
    expect(justTakenMessage(['2028-01-02'], '2027-12-30')).toBe(
      'January 2, 2028 was just reserved.',
    );
  });
});
