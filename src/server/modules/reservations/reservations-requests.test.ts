/**
 * Asking for days: the database's own guard against overlaps, and
 * POST /api/reservations with its checks, its conflicts and its races.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { reservations } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  expectHeldDaysRefused,
  insertReservationRow,
  memberWithAccount,
} from '../../testing/harness.js';
import { body, create, range, today, useReservationsTestApp } from './reservations.testing.js';

const t = useReservationsTestApp();

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
