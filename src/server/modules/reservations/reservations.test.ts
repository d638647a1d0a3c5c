import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { reservations } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  expectHeldDaysRefused,
  insertReservationRow,
  memberWithAccount,
  useTestApp,
} from '../../testing/harness.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

const today = () => todayIn('America/Chicago');
/** A range starting `offset` days from today, `length` days long. */
function range(offset: number, length = 1) {
  const first = addDays(today(), offset);
  return { startTime: startTimeOf(first), endTime: endTimeOf(addDays(first, length - 1)) };
}
const body = (offset: number, length = 1, extra: Record<string, unknown> = {}) => ({
  ...range(offset, length),
  eventName: 'Spring retreat',
  eventDescription: 'Youth group weekend',
  additionalInfo: 'Vegetarian meals',
  ...extra,
});

async function create(
  client: TestClient,
  offset: number,
  length = 1,
  extra: Record<string, unknown> = {},
) {
  const res = await client.post('/api/reservations', body(offset, length, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; startTime: string; endTime: string };
}

describe('the exclusion constraint', () => {
  it('exists in the database and refuses an overlap by itself', async () => {
    const result = (await t.db.execute(
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'reservations_no_overlap'`,
    )) as unknown as { rows: { def: string }[] };
    expect(result.rows[0]?.def).toMatch(
      /EXCLUDE USING gist \(daterange\(first_day, \(last_day \+ turnover_days\), '\[\]'::text\) WITH &&\)/,
    );
    const { user } = await memberWithAccount(t, 'direct');
    await insertReservationRow(t.db, {
      userId: user.id,
      firstDay: '2030-01-01',
      lastDay: '2030-01-03',
    });
    await expectHeldDaysRefused(t.db, {
      userId: user.id,
      firstDay: '2030-01-03',
      lastDay: '2030-01-04',
    });
    // A cancelled reservation frees its days.
    await insertReservationRow(t.db, {
      userId: user.id,
      firstDay: '2030-01-02',
      lastDay: '2030-01-02',
      status: 'cancelled',
    });
  });
});

describe('POST /api/reservations', () => {
  it('creates a pending, unpaid reservation with the exact times and mails the administrators', async () => {
    const { client: admin } = await adminClient(t);
    await t.db.execute(sql`update users set email = 'office@house.test' where username = 'admin'`);
    void admin;
    const { client, user } = await memberWithAccount(t, 'anna');
    const res = await client.post('/api/reservations', body(10, 3));
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      userId: user.id,
      user: { username: 'anna', email: 'anna@example.org' },
      ...range(10, 3),
      eventName: 'Spring retreat',
      eventDescription: 'Youth group weekend',
      additionalInfo: 'Vegetarian meals',
      status: 'pending',
      paymentStatus: 'unpaid',
      adminNotes: null,
      cancellationReason: null,
    });
    const mail = t.mailer.last('office@house.test');
    expect(mail?.subject).toContain('anna');
    expect(mail?.text).toContain('Spring retreat');
  });

  it('refuses overlapping days with 409 and accepts adjacent ones', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    await create(a, 10, 3);
    const overlap = await b.post('/api/reservations', body(12, 2));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBeTruthy();
    await create(b, 13, 2);
  });

  it('answers 409 days_taken with exactly the held days inside the requested range, dates only', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const { client: c } = await memberWithAccount(t, 'carol');
    await create(a, 8, 4, { eventName: 'Anna secret' });
    const freed = await create(b, 12, 1);
    expect((await b.patch(`/api/reservations/${freed.id}/cancel`)).statusCode).toBe(200);
    await create(b, 13, 1, { eventName: 'Bob secret' });
    await create(b, 16, 1);

    const res = await c.post('/api/reservations', body(10, 5));
    expect(res.statusCode).toBe(409);
    // Days 8 and 9 are held too, but before the request; day 12 was freed; day 16 is after it.
    expect(res.json()).toEqual({
      message: 'Some of the selected days are already reserved.',
      code: 'days_taken',
      days: [addDays(today(), 10), addDays(today(), 11), addDays(today(), 13)],
    });
    expect(res.body).not.toMatch(/secret|anna|bob/i);
  });

  it.each([
    [
      'start not at midnight',
      { startTime: '2030-03-10T01:00:00.000Z', endTime: '2030-03-12T23:59:59.999Z' },
      messages.invalidDateRange,
    ],
    [
      'end not at the last millisecond',
      { startTime: '2030-03-10T00:00:00.000Z', endTime: '2030-03-12T23:59:59.000Z' },
      messages.invalidDateRange,
    ],
    [
      'end before start',
      { startTime: '2030-03-12T00:00:00.000Z', endTime: '2030-03-10T23:59:59.999Z' },
      messages.invalidDateRange,
    ],
    ['not a date', { startTime: 'soon', endTime: 'later' }, messages.invalidDateRange],
    ['missing name', { eventName: '  ' }, messages.enterEventName],
    ['missing description', { eventDescription: '' }, messages.enterEventDescription],
    ['too long', { ...range(5, 61) }, 'A reservation can be at most 60 days long.'],
  ])('answers 400 for %s', async (_label, patch, message) => {
    const { client } = await memberWithAccount(t, 'anna');
    const res = await client.post('/api/reservations', { ...body(5), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.select().from(reservations)).toHaveLength(0);
  });

  it('refuses a start in the past (house time zone) and beyond the horizon, accepts today', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    expect((await client.post('/api/reservations', body(-1))).statusCode).toBe(400);
    expect((await client.post('/api/reservations', body(1831))).statusCode).toBe(400);
    await create(client, 0);
    await create(client, 1830);
  });

  it('needs a login', async () => {
    const res = await new TestClient(t.app).post('/api/reservations', body(3));
    expect(res.statusCode).toBe(401);
  });

  it('lets exactly one of 50 simultaneous overlapping requests win', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, (_, i) => memberWithAccount(t, `racer${i}`)),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        clients[i % 5]!.client.post('/api/reservations', body(20 + (i % 3), 3)),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await t.db.select().from(reservations)).toHaveLength(1);
  });
});

describe('reading reservations', () => {
  it('my-reservations lists only mine, sorted by start', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    await create(a, 20);
    await create(b, 15);
    await create(a, 5);
    const mine = (await a.get('/api/reservations/my-reservations')).json() as {
      startTime: string;
      user: { username: string };
    }[];
    expect(mine.map((r) => r.startTime)).toEqual([range(5).startTime, range(20).startTime]);
    expect(mine.every((r) => r.user.username === 'anna')).toBe(true);
  });

  it("calendar shows my reservations in full and others' as dates only", async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const first = addDays(today(), 40);
    const [year, month] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
    const day = Number(first.slice(8, 10));
    // Both inside one month: pick days relative to the first of that month.
    const monthStartOffset = 40 - (day - 1);
    const mine = await create(a, monthStartOffset + 1, 2);
    await create(b, monthStartOffset + 5, 2, {
      eventName: 'Secret name',
      eventDescription: 'Secret text',
    });
    const cancelled = await create(b, monthStartOffset + 10, 1);
    expect((await b.patch(`/api/reservations/${cancelled.id}/cancel`)).statusCode).toBe(200);

    const res = await a.get(`/api/reservations/calendar?year=${year}&month=${month}`);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as Record<string, unknown>[];
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.id === mine.id)).toMatchObject({
      eventName: 'Spring retreat',
      status: 'pending',
    });
    const other = entries.find((e) => e.status === 'otherReserved')!;
    expect(Object.keys(other).sort()).toEqual(['endTime', 'startTime', 'status']);
    expect(JSON.stringify(entries)).not.toContain('Secret');
    expect(JSON.stringify(entries)).not.toContain('bob');
  });

  it('public calendar gives the holding days of a month to anyone, dates only', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const r = await create(a, 3, 2);
    const y = Number(r.startTime.slice(0, 4));
    const m = Number(r.startTime.slice(5, 7));
    const res = await new TestClient(t.app).get(
      `/api/reservations/public-calendar?year=${y}&month=${m}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ startTime: r.startTime, endTime: r.endTime }]);
    for (const q of [
      'year=2027&month=13',
      'year=2027&month=0',
      'year=abc&month=1',
      'month=3',
      '',
    ]) {
      const bad = await new TestClient(t.app).get(`/api/reservations/public-calendar?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(typeof bad.json().message).toBe('string');
    }
  });

  it('public calendar shows a change at once, though months are cached', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: admin } = await adminClient(t);
    const probe = range(8);
    const [y, m] = [Number(probe.startTime.slice(0, 4)), Number(probe.startTime.slice(5, 7))];
    const visitor = new TestClient(t.app);
    const url = `/api/reservations/public-calendar?year=${y}&month=${m}`;
    expect((await visitor.get(url)).json()).toEqual([]);
    const r = await create(a, 8);
    expect((await visitor.get(url)).json()).toEqual([
      { startTime: r.startTime, endTime: r.endTime },
    ]);
    await a.patch(`/api/reservations/${r.id}/cancel`);
    expect((await visitor.get(url)).json()).toEqual([]);
    const again = await create(a, 8);
    expect((await visitor.get(url)).json()).toHaveLength(1);
    await admin.patch(`/api/reservations/${again.id}/status`, { status: 'rejected' });
    expect((await visitor.get(url)).json()).toEqual([]);
  });

  it('a reservation spanning two months appears in both', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    // The last day of the month after next, and the day after.
    const base = addDays(today(), 62);
    const lastOfMonth = addDays(`${base.slice(0, 7)}-01`, -1);
    const offset = Math.round((Date.parse(lastOfMonth) - Date.parse(today())) / 86_400_000);
    const r = await create(a, offset, 2);
    const [y1, m1] = [Number(r.startTime.slice(0, 4)), Number(r.startTime.slice(5, 7))];
    const [y2, m2] = [Number(r.endTime.slice(0, 4)), Number(r.endTime.slice(5, 7))];
    expect(m1).not.toBe(m2);
    for (const [y, m] of [
      [y1, m1],
      [y2, m2],
    ]) {
      const res = await a.get(`/api/reservations/public-calendar?year=${y}&month=${m}`);
      expect(res.json()).toHaveLength(1);
    }
  });

  it('the admin list filters by status, user and dates; members get 403', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a, user: anna } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r1 = await create(a, 10);
    await create(b, 12);
    await create(a, 30);
    expect(
      (await admin.patch(`/api/reservations/${r1.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);

    const all = (await admin.get('/api/reservations')).json() as {
      id: number;
      startTime: string;
    }[];
    expect(all).toHaveLength(3);
    expect(all.map((r) => r.startTime)).toEqual([...all.map((r) => r.startTime)].sort());
    expect((await admin.get('/api/reservations?status=approved')).json()).toHaveLength(1);
    expect((await admin.get(`/api/reservations?userId=${anna.id}`)).json()).toHaveLength(2);
    expect(
      (
        await admin.get(`/api/reservations?from=${addDays(today(), 11)}&to=${addDays(today(), 20)}`)
      ).json(),
    ).toHaveLength(1);
    expect((await admin.get('/api/reservations?status=bogus')).statusCode).toBe(400);
    expect((await a.get('/api/reservations')).statusCode).toBe(403);
  });
});

describe('changes', () => {
  it('the owner cancels a pending or approved reservation, then not again', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const r = await create(a, 10);
    const res = await a.patch(`/api/reservations/${r.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellationReason: 'user_cancelled' });
    expect((await a.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(409);
    // The days are free again.
    await create(a, 10);
  });

  it("another member's reservation answers 404 to cancel, edit and status", async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await create(a, 10);
    expect((await b.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(404);
    expect(
      (await b.put(`/api/reservations/${r.id}/details`, { eventName: 'x', eventDescription: 'y' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await b.patch(`/api/reservations/${r.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(403);
    expect((await b.delete(`/api/reservations/${r.id}`)).statusCode).toBe(403);
    expect((await a.patch('/api/reservations/999999/cancel')).statusCode).toBe(404);
  });

  it('details are trimmed and required; owners cannot edit cancelled ones, admins can', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const r = await create(a, 10);
    const ok = await a.put(`/api/reservations/${r.id}/details`, {
      eventName: '  New name ',
      eventDescription: ' New text ',
      additionalInfo: '  ',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      eventName: 'New name',
      eventDescription: 'New text',
      additionalInfo: null,
    });
    const empty = await a.put(`/api/reservations/${r.id}/details`, {
      eventName: ' ',
      eventDescription: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.userEditRequired);
    await a.patch(`/api/reservations/${r.id}/cancel`);
    expect(
      (await a.put(`/api/reservations/${r.id}/details`, { eventName: 'a', eventDescription: 'b' }))
        .statusCode,
    ).toBe(409);
    const byAdmin = await admin.put(`/api/reservations/${r.id}/details`, {
      eventName: 'Fixed',
      eventDescription: 'By staff',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().eventName).toBe('Fixed');
  });

  it('admin status changes follow the table and mail the member', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const r1 = await create(a, 10);
    const r2 = await create(a, 12);
    const r3 = await create(a, 14);

    const approved = await admin.patch(`/api/reservations/${r1.id}/status`, { status: 'approved' });
    expect(approved.json().status).toBe('approved');
    expect(t.mailer.last('anna@example.org')?.subject).toContain('approved');
    expect(
      (await admin.patch(`/api/reservations/${r1.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(409);

    const rejected = await admin.patch(`/api/reservations/${r2.id}/status`, {
      status: 'rejected',
      adminNotes: 'House closed for repairs',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      adminNotes: 'House closed for repairs',
    });
    expect(t.mailer.last('anna@example.org')?.text).toContain('House closed for repairs');
    expect(
      (await admin.patch(`/api/reservations/${r2.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(409);
    expect(
      (await admin.patch(`/api/reservations/${r2.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(409);

    const cancelled = await admin.patch(`/api/reservations/${r1.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'admin_cancelled',
    });
    expect(t.mailer.last('anna@example.org')?.subject).toContain('cancelled');
    expect(
      (await admin.patch(`/api/reservations/${r1.id}/status`, { status: 'rejected' })).statusCode,
    ).toBe(409);

    expect(
      (await admin.patch(`/api/reservations/${r3.id}/status`, { status: 'pending' })).statusCode,
    ).toBe(400);
    expect(
      (await admin.patch(`/api/reservations/999999/status`, { status: 'approved' })).statusCode,
    ).toBe(404);
  });

  it('admin deletes only cancelled or rejected reservations', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const r = await create(a, 10);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(409);
    await admin.patch(`/api/reservations/${r.id}/status`, { status: 'rejected' });
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(reservations)).toHaveLength(0);
  });

  it('a rejected reservation frees its days', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await create(a, 10, 2);
    await admin.patch(`/api/reservations/${r.id}/status`, { status: 'rejected' });
    await create(b, 11, 1);
  });
});
