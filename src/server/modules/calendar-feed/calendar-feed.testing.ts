/**
 * What the calendar feed tests share: rows written straight into the tables, a
 * feed read by a real iCalendar parser, and a calendar app that holds no session.
 */
import ICAL from 'ical.js';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import { closures, reservations } from '../../db/schema.js';
import { churchOf, TestClient, useTestApp, type TestContext } from '../../testing/harness.js';
import { expectCrlfLines } from '../../testing/ics-lines.js';

type Status = 'pending' | 'approved' | 'rejected' | 'cancelled';

/**
 * One app for the file, with what writes into it and reads from it: reservations
 * and closures `offset` days after the house's today, and a calendar app.
 */
export function useFeedTestApp() {
  const t = useTestApp();

  const today = () => todayIn(t.config.facilityTimezone);
  const day = (offset: number) => addDays(today(), offset);

  /** A reservation written straight into the table: `length` days from `offset` days after today. */
  async function insertReservation(
    ctx: TestContext,
    userId: number,
    offset: number,
    length: number,
    extra: {
      status?: Status;
      eventName?: string;
      eventDescription?: string;
      turnoverDays?: number;
    },
  ) {
    const [row] = await ctx.db
      .insert(reservations)
      .values({
        userId,
        accountId: churchOf(userId),
        firstDay: day(offset),
        lastDay: day(offset + length - 1),
        eventName: 'Event',
        eventDescription: 'Description',
        ...extra,
      })
      .returning();
    return row!;
  }

  async function insertClosure(
    offset: number,
    length: number,
    reason: string,
    label: string | null,
  ) {
    const [row] = await t.db
      .insert(closures)
      .values({
        firstDay: day(offset),
        lastDay: day(offset + length - 1),
        reason,
        publicLabel: label,
      })
      .returning();
    return row!;
  }

  /** A reservation of `userId` named `eventName`, with `status`, written like the above. */
  const insertNamed = (
    userId: number,
    offset: number,
    length: number,
    eventName: string,
    status: Status,
  ) => insertReservation(t, userId, offset, length, { eventName, status });

  /** A calendar app: no cookies, no session. */
  const calendarApp = () => new TestClient(t.app);

  return { t, insertReservation, insertNamed, insertClosure, calendarApp };
}

interface FeedEvent {
  uid: string;
  summary: string;
  description: string | null;
  status: string | null;
  sequence: number;
  startType: string;
  endType: string;
  start: string;
  end: string;
  lastModified: Date | null;
}

/** A feed read by a real iCalendar parser: its name and its events by UID. */
export function parseFeed(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expectCrlfLines(res.body);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = new Map<string, FeedEvent>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const start = vevent.getFirstProperty('dtstart')!;
    const end = vevent.getFirstProperty('dtend')!;
    const lastModified = vevent.getFirstPropertyValue('last-modified') as ICAL.Time | null;
    const uid = String(vevent.getFirstPropertyValue('uid'));
    events.set(uid, {
      uid,
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: (vevent.getFirstPropertyValue('description') as string | null) ?? null,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
      startType: start.type,
      endType: end.type,
      start: String(start.getFirstValue()),
      end: String(end.getFirstValue()),
      lastModified: lastModified ? lastModified.toJSDate() : null,
    });
  }
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events,
    event(uid: string) {
      const e = events.get(uid);
      expect(e, `an event ${uid} in ${[...events.keys()].join(', ')}`).toBeTruthy();
      return e!;
    },
  };
}

export const resUid = (id: number) => `reservation-${id}@site.test`;
export const closureUid = (id: number) => `closure-${id}@site.test`;

/**
 * An event with `fields`, all day from the row's first day to the day after
 * its last (DTEND is exclusive).
 */
export function expectAllDay(
  e: FeedEvent,
  row: { firstDay: string; lastDay: string },
  fields: Partial<FeedEvent>,
) {
  expect(e).toMatchObject({
    ...fields,
    startType: 'date',
    endType: 'date',
    start: row.firstDay,
    end: addDays(row.lastDay, 1),
  });
}

export const noCookie = (res: LightMyRequestResponse) =>
  expect(res.headers['set-cookie']).toBeUndefined();

/** The feed address of a logged-in client, and the path to request it with. */
export async function feedOf(client: TestClient) {
  const res = await client.get('/api/calendar/feed');
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  return { url, path: new URL(url).pathname };
}

/** The reservation's event has this summary and iCalendar STATUS. */
export const expectShownAs = (
  feed: ReturnType<typeof parseFeed>,
  row: { id: number },
  summary: string,
  status: string,
) => expect(feed.event(resUid(row.id))).toMatchObject({ summary, status });
