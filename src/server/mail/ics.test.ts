import { describe, expect, it } from 'vitest';
import { expectCrlfLines } from '../testing/ics-lines.js';
import { calendarEvent } from './ics.js';

const site = { facilityName: 'St. Joseph', publicUrl: 'http://site.test' };
const stay = {
  id: 7,
  eventName: 'Youth retreat',
  firstDay: '2027-03-05',
  lastDay: '2027-03-07',
  // Long enough to be folded onto several lines.
  eventDescription: 'Two nights, '.repeat(12),
};

describe("the approval and cancellation mails' .ics", () => {
  it('ends every content line in CRLF, the last one (END:VCALENDAR) too', () => {
    for (const state of ['confirmed', 'cancelled'] as const) {
      const text = calendarEvent(site, stay, state).content.toString('utf8');
      expect(text).toContain('\r\n ');
      expectCrlfLines(text);
    }
  });
});
