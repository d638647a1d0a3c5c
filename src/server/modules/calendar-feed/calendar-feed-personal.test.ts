/**
 * A member's personal feed: its address and rotation, and what it shows a
 * member, an administrator and a calendar app holding a bad or retired token.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarFeedTokens, closures, users } from '../../db/schema.js';
import { TestClient, adminClient, memberWithAccount } from '../../testing/harness.js';
import {
  closureUid,
  expectAllDay,
  expectShownAs,
  feedOf,
  noCookie,
  parseFeed,
  resUid,
  useFeedTestApp,
} from './calendar-feed.testing.js';
import { expectCrlfLines } from '../../testing/ics-lines.js';

const { t, insertReservation, insertNamed, insertClosure, calendarApp } = useFeedTestApp();

describe("a personal feed's text", () => {
  it("ends every content line in CRLF, the last one (END:VCALENDAR) too: a member's and an administrator's", async () => {
    const { client, user } = await memberWithAccount(t, 'anna');
    await insertReservation(t, user.id, 10, 2, {});
    const { client: admin } = await adminClient(t);
    for (const c of [client, admin]) {
      const res = await calendarApp().get((await feedOf(c)).path);
      expect(res.statusCode).toBe(200);
      expectCrlfLines(res.body);
    }
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
    const approved = await insertNamed(anna.id, 20, 2, 'Choir weekend', 'approved');
    const cancelled = await insertNamed(anna.id, 30, 1, 'Old plan', 'cancelled');
    const rejected = await insertNamed(anna.id, 35, 1, 'Refused plan', 'rejected');
    const bobs = await insertReservation(t, bob.id, 40, 2, {
      eventName: 'Bob party Zq',
      eventDescription: 'Bob secret Zq',
      status: 'approved',
    });
    const bobsCancelled = await insertNamed(bob.id, 45, 1, 'Bob gone Zq', 'cancelled');
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
    expectShownAs(feed, cancelled, 'Old plan (cancelled)', 'CANCELLED');
    expectShownAs(feed, rejected, 'Refused plan (rejected)', 'CANCELLED');

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
    const cancelled = await insertNamed(bob.id, 20, 1, 'Bible study', 'cancelled');
    const approved = await insertNamed(bob.id, 25, 1, 'Men breakfast', 'approved');
    const closure = await insertClosure(30, 1, 'Boiler replacement', null);

    const feed = parseFeed(await calendarApp().get((await feedOf(admin)).path));
    expect(feed.name).toContain('all reservations');
    expectAllDay(feed.event(resUid(pending.id)), pending, {
      summary: 'Church anna: Youth retreat (pending)',
      description: expect.stringContaining('Church: Church anna'),
      status: 'TENTATIVE',
    });
    expectShownAs(feed, cancelled, 'Church bob: Bible study (cancelled)', 'CANCELLED');
    expectShownAs(feed, approved, 'Church bob: Men breakfast (approved)', 'CONFIRMED');
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
