import ICAL from 'ical.js';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import { calendarFeedTokens, closures, reservations, sessions, users } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  memberWithAccount,
  useTestApp,
  type TestContext,
} from '../../testing/harness.js';
import { FEED_PAST_DAYS } from './service.js';

const t = useTestApp();

const today = () => todayIn(t.config.facilityTimezone);
const day = (offset: number) => addDays(today(), offset);

type Status = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** A reservation written straight into the table: `length` days from `offset` days after today. */
async function insertReservation(
  ctx: TestContext,
  userId: number,
  offset: number,
  length: number,
  extra: { status?: Status; eventName?: string; eventDescription?: string; turnoverDays?: number },
) {
  const [row] = await ctx.db
    .insert(reservations)
    .values({
      userId,
      firstDay: day(offset),
      lastDay: day(offset + length - 1),
      eventName: 'Event',
      eventDescription: 'Description',
      ...extra,
    })
    .returning();
  return row!;
}

async function insertClosure(offset: number, length: number, reason: string, label: string | null) {
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
function parseFeed(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
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

const resUid = (id: number) => `reservation-${id}@site.test`;
const closureUid = (id: number) => `closure-${id}@site.test`;

/**
 * An event with `fields`, all day from the row's first day to the day after
 * its last (DTEND is exclusive).
 */
function expectAllDay(
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

const noCookie = (res: LightMyRequestResponse) => expect(res.headers['set-cookie']).toBeUndefined();

/** The feed address of a logged-in client, and the path to request it with. */
async function feedOf(client: TestClient) {
  const res = await client.get('/api/calendar/feed');
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  return { url, path: new URL(url).pathname };
}

/** A calendar app: no cookies, no session. */
const calendarApp = () => new TestClient(t.app);

describe('GET /api/calendar/public.ics', () => {
  it('lists held days as Reserved and closures by public label, all day, with no names or reasons', async () => {
    const { user: anna } = await memberWithAccount(t, 'anna');
    const pending = await insertReservation(t, anna.id, 10, 3, {
      eventName: 'Youth retreat Zq',
      eventDescription: 'Secret plans Zq',
      // Turnover days are kept free, but they are not part of the event.
      turnoverDays: 2,
    });
    const approved = await insertReservation(t, anna.id, 20, 1, { status: 'approved' });
    const cancelled = await insertReservation(t, anna.id, 30, 2, { status: 'cancelled' });
    const rejected = await insertReservation(t, anna.id, 40, 2, { status: 'rejected' });
    const labelled = await insertClosure(50, 2, 'Boiler replacement Zq', 'Maintenance');
    const unlabelled = await insertClosure(60, 1, 'Staff retreat Zq', null);

    const res = await calendarApp().get('/api/calendar/public.ics');
    const feed = parseFeed(res);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    noCookie(res);
    expect(feed.name).toContain('availability');

    expect([...feed.events.keys()].sort()).toEqual(
      [
        resUid(pending.id),
        resUid(approved.id),
        closureUid(labelled.id),
        closureUid(unlabelled.id),
      ].sort(),
    );
    expect(feed.events.has(resUid(cancelled.id))).toBe(false);
    expect(feed.events.has(resUid(rejected.id))).toBe(false);

    const p = feed.event(resUid(pending.id));
    expectAllDay(p, pending, { summary: 'Reserved', description: null, sequence: 0 });
    expect(p.lastModified?.getTime()).toBe(Math.floor(pending.updatedAt.getTime() / 1000) * 1000);
    expectAllDay(feed.event(resUid(approved.id)), approved, { summary: 'Reserved' });

    expectAllDay(feed.event(closureUid(labelled.id)), labelled, {
      summary: 'Maintenance',
      description: null,
    });
    expect(feed.event(closureUid(unlabelled.id)).summary).toBe('Closed');

    // Nothing of who or why, anywhere in the document.
    for (const secret of ['Zq', 'anna', 'Church anna']) expect(res.body).not.toContain(secret);
  });

  it('never sets a cookie, not even a renewed session of a logged-in browser', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    // A session old enough to be renewed by any other API call.
    await t.db.update(sessions).set({ expiresAt: sql`now() + interval '1 day'` });
    const res = await client.get('/api/calendar/public.ics');
    expect(res.statusCode).toBe(200);
    noCookie(res);
    noCookie(await calendarApp().get('/api/calendar/public.ics'));
    // Another API call does renew it (so the check above means something).
    await t.db.update(sessions).set({ expiresAt: sql`now() + interval '1 day'` });
    expect(String((await client.get('/api/auth/status')).headers['set-cookie'])).toContain('sid=');
  });

  it(`reaches back ${FEED_PAST_DAYS} days and no further`, async () => {
    const { user: anna } = await memberWithAccount(t, 'anna');
    const recent = await insertReservation(t, anna.id, -100, 2, { status: 'approved' });
    const old = await insertReservation(t, anna.id, -FEED_PAST_DAYS - 10, 2, {
      status: 'approved',
    });
    const oldClosure = await insertClosure(-FEED_PAST_DAYS - 20, 1, 'Old', null);
    const feed = parseFeed(await calendarApp().get('/api/calendar/public.ics'));
    expect(feed.events.has(resUid(recent.id))).toBe(true);
    expect(feed.events.has(resUid(old.id))).toBe(false);
    expect(feed.events.has(closureUid(oldClosure.id))).toBe(false);
  });
});

describe('GET /api/calendar/feed and POST /api/calendar/feed/rotate', () => {
  it('needs a login', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/calendar/feed')).statusCode).toBe(401);
    const rotate = await visitor.post('/api/calendar/feed/rotate');
    expect(rotate.statusCode).toBe(401);
    expect(rotate.json()).toMatchObject({ code: 'unauthenticated' });
    expect(await t.db.select().from(calendarFeedTokens)).toEqual([]);
  });

  it('gives a stable absolute address with a long random token, made on the first call', async () => {
    const { client, user } = await memberWithAccount(t, 'anna');
    const first = await feedOf(client);
    expect(first.url).toMatch(/^http:\/\/site\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feedOf(client)).url).toBe(first.url);
    const rows = await t.db.select().from(calendarFeedTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id });
    expect(first.url).toContain(rows[0]!.token);
    // Another user gets another address.
    const { client: bob } = await memberWithAccount(t, 'bob');
    expect((await feedOf(bob)).url).not.toBe(first.url);
  });

  it('rotating needs the CSRF header, gives a new address and retires the old one', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const before = await feedOf(client);
    expect((await calendarApp().get(before.path)).statusCode).toBe(200);

    const forged = await client.request({
      method: 'POST',
      url: '/api/calendar/feed/rotate',
      headers: { 'x-xsrf-token': 'not-the-cookie' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'csrf_failed' });
    expect((await feedOf(client)).url).toBe(before.url);

    const rotated = await client.post('/api/calendar/feed/rotate');
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { url } = rotated.json() as { url: string };
    expect(url).toMatch(/^http:\/\/site\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(url).not.toBe(before.url);
    expect((await feedOf(client)).url).toBe(url);

    const old = await calendarApp().get(before.path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    expect((await calendarApp().get(new URL(url).pathname)).statusCode).toBe(200);
  });
});

describe('GET /api/calendar/feed/{token}.ics', () => {
  it("shows a member their own reservations by name and status, others' as Reserved, closures by label", async () => {
    const { client, user: anna } = await memberWithAccount(t, 'anna');
    const { user: bob } = await memberWithAccount(t, 'bob');
    const pending = await insertReservation(t, anna.id, 10, 3, {
      eventName: 'Youth retreat',
      eventDescription: 'Three days of songs',
      turnoverDays: 1,
    });
    const approved = await insertReservation(t, anna.id, 20, 2, {
      eventName: 'Choir weekend',
      status: 'approved',
    });
    const cancelled = await insertReservation(t, anna.id, 30, 1, {
      eventName: 'Old plan',
      status: 'cancelled',
    });
    const rejected = await insertReservation(t, anna.id, 35, 1, {
      eventName: 'Refused plan',
      status: 'rejected',
    });
    const bobs = await insertReservation(t, bob.id, 40, 2, {
      eventName: 'Bob party Zq',
      eventDescription: 'Bob secret Zq',
      status: 'approved',
    });
    const bobsCancelled = await insertReservation(t, bob.id, 45, 1, {
      eventName: 'Bob gone Zq',
      status: 'cancelled',
    });
    const closure = await insertClosure(50, 3, 'Roof repairs Zq', 'Maintenance');

    const { path } = await feedOf(client);
    expect(path).toMatch(/^\/api\/calendar\/feed\/.+\.ics$/);
    const res = await calendarApp().get(path);
    const feed = parseFeed(res);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    noCookie(res);
    expect(feed.name).toContain('my reservations');

    expectAllDay(feed.event(resUid(pending.id)), pending, {
      summary: 'Youth retreat (pending)',
      description: expect.stringContaining('Three days of songs'),
      status: 'TENTATIVE',
    });
    expectAllDay(feed.event(resUid(approved.id)), approved, {
      summary: 'Choir weekend (approved)',
      status: 'CONFIRMED',
    });
    // Cancelled and rejected ones stay, marked so, so subscribed calendars drop them.
    expect(feed.event(resUid(cancelled.id))).toMatchObject({
      summary: 'Old plan (cancelled)',
      status: 'CANCELLED',
    });
    expect(feed.event(resUid(rejected.id))).toMatchObject({
      summary: 'Refused plan (rejected)',
      status: 'CANCELLED',
    });

    expectAllDay(feed.event(resUid(bobs.id)), bobs, { summary: 'Reserved', description: null });
    expect(feed.events.has(resUid(bobsCancelled.id))).toBe(false);

    expectAllDay(feed.event(closureUid(closure.id)), closure, {
      summary: 'Maintenance',
      description: null,
    });

    expect(feed.events.size).toBe(6);
    for (const secret of ['Zq', 'bob', 'Church bob']) expect(res.body).not.toContain(secret);
  });

  it('shows an administrator every reservation with its church and status, and closures with their reason', async () => {
    const { client: admin } = await adminClient(t);
    const { user: anna } = await memberWithAccount(t, 'anna');
    const { user: bob } = await memberWithAccount(t, 'bob');
    const pending = await insertReservation(t, anna.id, 10, 2, { eventName: 'Youth retreat' });
    const cancelled = await insertReservation(t, bob.id, 20, 1, {
      eventName: 'Bible study',
      status: 'cancelled',
    });
    const approved = await insertReservation(t, bob.id, 25, 1, {
      eventName: 'Men breakfast',
      status: 'approved',
    });
    const closure = await insertClosure(30, 1, 'Boiler replacement', null);

    const feed = parseFeed(await calendarApp().get((await feedOf(admin)).path));
    expect(feed.name).toContain('all reservations');
    expectAllDay(feed.event(resUid(pending.id)), pending, {
      summary: 'Church anna: Youth retreat (pending)',
      description: expect.stringContaining('Church: Church anna'),
      status: 'TENTATIVE',
    });
    expect(feed.event(resUid(cancelled.id))).toMatchObject({
      summary: 'Church bob: Bible study (cancelled)',
      status: 'CANCELLED',
    });
    expect(feed.event(resUid(approved.id))).toMatchObject({
      summary: 'Church bob: Men breakfast (approved)',
      status: 'CONFIRMED',
    });
    expect(feed.event(closureUid(closure.id))).toMatchObject({
      summary: 'Closed',
      description: 'Boiler replacement',
    });
  });

  it('raises SEQUENCE and LAST-MODIFIED when a reservation or a closure changes', async () => {
    const { client, user: anna } = await memberWithAccount(t, 'anna');
    const r = await insertReservation(t, anna.id, 10, 2, { eventName: 'Youth retreat' });
    const c = await insertClosure(30, 1, 'Painting', 'Closed for painting');
    const { path } = await feedOf(client);
    const before = parseFeed(await calendarApp().get(path));
    expect(before.event(resUid(r.id)).sequence).toBe(0);
    expect(before.event(closureUid(c.id)).sequence).toBe(0);

    // Timestamps in iCalendar have whole seconds: let one pass.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const edit = await client.put(`/api/reservations/${r.id}/details`, {
      eventName: 'Youth retreat, renamed',
      eventDescription: 'New plans',
      additionalInfo: null,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.db
      .update(closures)
      .set({ publicLabel: 'Closed for repairs' })
      .where(eq(closures.id, c.id));

    const after = parseFeed(await calendarApp().get(path));
    const edited = after.event(resUid(r.id));
    expect(edited.summary).toBe('Youth retreat, renamed (pending)');
    expect(edited.sequence).toBeGreaterThan(before.event(resUid(r.id)).sequence);
    expect(edited.lastModified!.getTime()).toBeGreaterThan(
      before.event(resUid(r.id)).lastModified!.getTime(),
    );
    const closed = after.event(closureUid(c.id));
    expect(closed.summary).toBe('Closed for repairs');
    expect(closed.sequence).toBe(1);

    // A cancellation is a change too: same UID, higher SEQUENCE, STATUS:CANCELLED.
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    const cancelled = parseFeed(await calendarApp().get(path)).event(resUid(r.id));
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.sequence).toBeGreaterThan(edited.sequence);
  });

  it('folds a long event name into lines of at most 75 octets that unfold to the whole name', async () => {
    const { client, user: anna } = await memberWithAccount(t, 'anna');
    const name = `Jugendfreizeit der Gemeinde Sankt Ägidius – Übernachtung, Gebet und Gespräche ${'über Glaube 🙏 '.repeat(8)}Ende`;
    expect(name.length).toBeGreaterThan(150);
    const r = await insertReservation(t, anna.id, 10, 2, { eventName: name });
    const res = await calendarApp().get((await feedOf(client)).path);
    const lines = res.body.split('\r\n');
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(2);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(parseFeed(res).event(resUid(r.id)).summary).toBe(`${name} (pending)`);
  });

  it('answers 404 with a JSON error for an unknown, malformed or retired token, or an inactive user', async () => {
    const { client, user } = await memberWithAccount(t, 'anna');
    const { path } = await feedOf(client);
    const notFound = async (p: string) => {
      const res = await calendarApp().get(p);
      expect(res.statusCode, p).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
      noCookie(res);
    };
    await notFound(`/api/calendar/feed/${'A'.repeat(43)}.ics`);
    await notFound('/api/calendar/feed/short.ics');
    await notFound('/api/calendar/feed/.ics');

    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    await notFound(path);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await calendarApp().get(path)).statusCode).toBe(200);

    // Deleting the token (or the user) retires the address.
    await t.db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, user.id));
    await notFound(path);
  });
});
