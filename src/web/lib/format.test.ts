import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.js';

describe('dates for people', () => {
  it('formats in a zone, falls back on an unknown zone, and keeps a bad date as given', () => {
    // ICU may put a narrow no-break space before AM/PM.
    expect(formatDateTime('2027-03-04T15:30:00.000Z', 'UTC').replace(/\s/g, ' ')).toBe(
      'Mar 4, 2027, 3:30 PM',
    );
    expect(formatDateTime('2027-03-04T15:30:00.000Z', 'Not/AZone')).toMatch(/2027/);
    expect(formatDateTime('yesterday', 'UTC')).toBe('yesterday');
  });

  it('writes a date as "Mar 5, 2027" and keeps a bad date as given', () => {
    expect(formatDate('2027-03-05T12:00:00.000Z')).toBe('Mar 5, 2027');
    expect(formatDate('soon')).toBe('soon');
  });
});
