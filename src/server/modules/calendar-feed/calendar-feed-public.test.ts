/**
 * The public availability feed: held days as Reserved and closures by their
 * public label, with no names, reasons or cookies, as far back as it reaches.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { memberWithAccount } from '../../testing/harness.js';
import { FEED_PAST_DAYS } from './service.js';
import {
  closureUid,
  expectAllDay,
  noCookie,
  parseFeed,
  resUid,
  useFeedTestApp,
} from './calendar-feed.testing.js';
import { expectCrlfLines } from '../../testing/ics-lines.js';

const { t, insertReservation, insertClosure, calendarApp } = useFeedTestApp();

describe('GET /api/calendar/public.ics', () => {
  it('ends every content line in CRLF, the last one (END:VCALENDAR) too', async () => {
    const { user: anna } = await memberWithAccount(t, 'anna');
    await insertReservation(t, anna.id, 10, 3, {});
    await insertClosure(20, 1, 'Boiler', null);
    const res = await calendarApp().get('/api/calendar/public.ics');
    expect(res.statusCode).toBe(200);
    expectCrlfLines(res.body);
  });

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
