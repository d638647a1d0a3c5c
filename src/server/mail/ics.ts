import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { addDays } from '../../shared/dates.js';
import type { MailAttachment } from './mailer.js';
import type { Site } from './templates.js';

interface CalendarStay {
  id: number;
  eventName: string;
  firstDay: string;
  lastDay: string;
  eventDescription?: string | null;
}

/** The same UID for a reservation in every mail, so a calendar updates its event instead of adding one. */
export const reservationUid = (site: Site, id: number) =>
  `reservation-${id}@${new URL(site.publicUrl).hostname || 'localhost'}`;

const utcMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * A calendar's text. ical-generator ends it without a line break, but every
 * content line, END:VCALENDAR too, ends in CRLF (RFC 5545 §3.1).
 */
export function icsText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * The `.ics` of an approved stay (docs/mail.md): one all-day event from the
 * first day to the day after the last (DTEND is exclusive), with a stable UID.
 * A cancellation sends the same UID with STATUS:CANCELLED and a higher SEQUENCE,
 * so a calendar that holds the event removes it.
 */
export function calendarEvent(
  site: Site,
  r: CalendarStay,
  state: 'confirmed' | 'cancelled',
): MailAttachment {
  const cancelled = state === 'cancelled';
  const calendar = ical({
    name: site.facilityName,
    prodId: { company: site.facilityName, product: 'reservations', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: reservationUid(site, r.id),
    sequence: cancelled ? 1 : 0,
    allDay: true,
    start: utcMidnight(r.firstDay),
    end: utcMidnight(addDays(r.lastDay, 1)),
    stamp: new Date(),
    summary: `${r.eventName} at ${site.facilityName}`,
    description:
      `${r.eventDescription ?? ''}\n\nYour reservations: ${site.publicUrl}/account/reservations`.trim(),
    location: site.facilityName,
    url: `${site.publicUrl}/account/reservations`,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  const method = cancelled ? 'CANCEL' : 'PUBLISH';
  return {
    filename: cancelled ? `cancelled-reservation-${r.id}.ics` : `reservation-${r.id}.ics`,
    content: Buffer.from(icsText(calendar), 'utf8'),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}
