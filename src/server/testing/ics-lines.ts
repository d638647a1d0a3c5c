import { expect } from 'vitest';

/**
 * Every content line of an iCalendar text ends in CRLF, END:VCALENDAR too
 * (RFC 5545 §3.1): no bare CR or LF, nothing after the last CRLF.
 */
export function expectCrlfLines(text: string) {
  expect(text.slice(-15)).toBe('END:VCALENDAR\r\n');
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
}
