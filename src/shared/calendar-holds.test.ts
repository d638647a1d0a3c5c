import { describe, expect, it } from 'vitest';
import { closedDays, turnoverDaysAround } from './calendar-holds.js';

describe('closedDays', () => {
  it('names every day of each closure by its label', () => {
    const days = closedDays([
      { startDate: '2030-12-30', endDate: '2031-01-01', label: 'House retreat' },
      { startDate: '2031-01-05', endDate: '2031-01-05', label: 'Closed' },
    ]);
    expect([...days]).toEqual([
      ['2030-12-30', 'House retreat'],
      ['2030-12-31', 'House retreat'],
      ['2031-01-01', 'House retreat'],
      ['2031-01-05', 'Closed'],
    ]);
  });
});

describe('turnoverDaysAround', () => {
  it('is empty without turnover days', () => {
    expect(turnoverDaysAround([{ first: '2030-01-10', last: '2030-01-12' }], 0).size).toBe(0);
  });

  it('keeps the days before and after each stay free, across months', () => {
    const days = turnoverDaysAround([{ first: '2030-01-01', last: '2030-01-31' }], 2);
    expect([...days].sort()).toEqual(['2029-12-30', '2029-12-31', '2030-02-01', '2030-02-02']);
  });

  it('never marks a day a stay holds', () => {
    const days = turnoverDaysAround(
      [
        { first: '2030-01-10', last: '2030-01-12' },
        { first: '2030-01-14', last: '2030-01-15' },
      ],
      2,
    );
    expect([...days].sort()).toEqual([
      '2030-01-08',
      '2030-01-09',
      '2030-01-13',
      '2030-01-16',
      '2030-01-17',
    ]);
  });
});
