import ical, {
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
  type ICalCalendar,
} from 'ical-generator';
import { paths } from '../../../shared/app-paths.js';
import { addDays } from '../../../shared/dates.js';
import { isHolding, statusLabel, type ReservationStatus } from '../../../shared/reservations.js';
import { icsText, reservationUid } from '../../mail/ics.js';
import type { Site } from '../../mail/templates.js';
import type {
  FeedClosure,
  FeedEntry,
  NamedReservation,
  PersonalFeed,
  PublicFeed,
  StaffClosure,
} from './service.js';
import { ADMINISTRATOR } from '../../../shared/roles.js';

/** How often a subscribed calendar app should look again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3600;

/** The summary of a held day range in feeds that do not name it. */
export const RESERVED_SUMMARY = 'Reserved';
/** The summary of a closure without a public label. */
export const CLOSED_SUMMARY = 'Closed';

const host = (site: Site) => new URL(site.publicUrl).hostname || 'localhost';
export const closureUid = (site: Site, id: number) => `closure-${id}@${host(site)}`;

const utcMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

function newCalendar(site: Site, name: string, description: string): ICalCalendar {
  return ical({
    name,
    description,
    prodId: { company: site.facilityName, product: 'calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
}

interface EventInput {
  uid: string;
  entry: FeedEntry;
  summary: string;
  status: ICalEventStatus;
  description?: string;
  url?: string;
}

/**
 * One all-day event over the entry's days (DTSTART;VALUE=DATE, DTEND the day
 * after the last: it is exclusive); turnover days are never part of it.
 * SEQUENCE is the row's revision, so a calendar app takes every change.
 */
function addEvent(calendar: ICalCalendar, site: Site, stamp: Date, e: EventInput) {
  const cancelled = e.status === ICalEventStatus.CANCELLED;
  calendar.createEvent({
    id: e.uid,
    sequence: e.entry.revision,
    allDay: true,
    start: utcMidnight(e.entry.firstDay),
    end: utcMidnight(addDays(e.entry.lastDay, 1)),
    stamp,
    lastModified: e.entry.updatedAt,
    summary: e.summary,
    description: e.description ?? null,
    location: site.facilityName,
    url: e.url ?? null,
    status: e.status,
    // A held day is busy; a cancelled reservation no longer blocks anyone's time.
    transparency: cancelled ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
  });
}

const eventStatus = (status: ReservationStatus) =>
  status === 'approved'
    ? ICalEventStatus.CONFIRMED
    : isHolding(status)
      ? ICalEventStatus.TENTATIVE
      : ICalEventStatus.CANCELLED;

const closureSummary = (c: FeedClosure) => c.publicLabel?.trim() || CLOSED_SUMMARY;

function addClosures(
  calendar: ICalCalendar,
  site: Site,
  stamp: Date,
  list: readonly (FeedClosure | StaffClosure)[],
) {
  for (const c of list) {
    addEvent(calendar, site, stamp, {
      uid: closureUid(site, c.id),
      entry: c,
      summary: closureSummary(c),
      status: ICalEventStatus.CONFIRMED,
      // Only the staff's feed carries a reason: the other lists never select it.
      ...('reason' in c && c.reason ? { description: c.reason } : {}),
    });
  }
}

function addReserved(calendar: ICalCalendar, site: Site, stamp: Date, list: readonly FeedEntry[]) {
  for (const r of list) {
    addEvent(calendar, site, stamp, {
      uid: reservationUid(site, r.id),
      entry: r,
      summary: RESERVED_SUMMARY,
      status: ICalEventStatus.CONFIRMED,
    });
  }
}

/** The public feed: held days as "Reserved" and closures by their public label; no names. */
export function buildPublicCalendar(site: Site, feed: PublicFeed, stamp: Date): string {
  const calendar = newCalendar(
    site,
    `${site.facilityName}: availability`,
    `Days reserved or closed at ${site.facilityName}.`,
  );
  addReserved(calendar, site, stamp, feed.reserved);
  addClosures(calendar, site, stamp, feed.closures);
  return icsText(calendar);
}

/** A member's or an administrator's feed (docs/calendar.md). */
export function buildPersonalCalendar(site: Site, feed: PersonalFeed, stamp: Date): string {
  if (feed.role === ADMINISTRATOR) {
    const calendar = newCalendar(
      site,
      `${site.facilityName}: all reservations`,
      `Every reservation and closure of ${site.facilityName}.`,
    );
    const url = `${site.publicUrl}${paths.adminReservations}`;
    for (const r of feed.reservations) {
      const church = r.accountName ?? r.username;
      addEvent(calendar, site, stamp, {
        uid: reservationUid(site, r.id),
        entry: r,
        summary: `${church}: ${r.eventName} (${statusLabel(r.status)})`,
        status: eventStatus(r.status),
        description: [
          `Church: ${church}`,
          `Requested by: ${r.username}`,
          `Status: ${statusLabel(r.status)}`,
          '',
          r.eventDescription,
          '',
          `Reservations: ${url}`,
        ].join('\n'),
        url,
      });
    }
    addClosures(calendar, site, stamp, feed.closures);
    return icsText(calendar);
  }

  const calendar = newCalendar(
    site,
    `${site.facilityName}: my reservations`,
    `Your reservations at ${site.facilityName}, and the days others hold.`,
  );
  const url = `${site.publicUrl}${paths.accountReservations}`;
  for (const r of feed.own) addOwn(calendar, site, stamp, r, url);
  addReserved(calendar, site, stamp, feed.others);
  addClosures(calendar, site, stamp, feed.closures);
  return icsText(calendar);
}

function addOwn(calendar: ICalCalendar, site: Site, stamp: Date, r: NamedReservation, url: string) {
  addEvent(calendar, site, stamp, {
    uid: reservationUid(site, r.id),
    entry: r,
    summary: `${r.eventName} (${statusLabel(r.status)})`,
    status: eventStatus(r.status),
    description: [
      `Status: ${statusLabel(r.status)}`,
      '',
      r.eventDescription,
      '',
      `Your reservations: ${url}`,
    ].join('\n'),
    url,
  });
}
