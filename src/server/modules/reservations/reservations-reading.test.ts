/**
 * Reading reservations: a member's own list, the member and public calendars
 * (dates only for others' days), and the administrators' filtered list.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates.js';
import { TestClient, adminClient, memberWithAccount } from '../../testing/harness.js';
import { create, range, today, useReservationsTestApp } from './reservations.testing.js';

const t = useReservationsTestApp();

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
