import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closures, reservations } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  expectHeldDaysRefused,
  insertReservationRow,
  memberWithAccount,
  reserveDays,
  useTestApp,
  type TestContext,
  dayFromToday,
  monthOfDay,
  requestBody,
} from '../../testing/harness.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

const day = dayFromToday;
const closure = (from: number, to: number, extra: Record<string, unknown> = {}) => ({
  startDate: day(from),
  endDate: day(to),
  reason: 'Roof repairs',
  ...extra,
});
const request = requestBody;
const monthOf = monthOfDay;

async function close(ctx: TestContext, admin: TestClient, from: number, to: number, extra = {}) {
  const res = await admin.post('/api/closures', closure(from, to, extra));
  expect(res.statusCode, res.body).toBe(201);
  void ctx;
  return res.json() as { id: number; startDate: string; endDate: string; label: string };
}

describe('closures', () => {
  it('are shown to everyone by their public label, never by their reason', async () => {
    const { client: admin } = await adminClient(t);
    const made = await close(t, admin, 10, 12, { publicLabel: 'House retreat' });
    await close(t, admin, 14, 14);
    expect(made).toMatchObject({ startDate: day(10), endDate: day(12), label: 'House retreat' });

    const { year, month } = monthOf(day(10));
    const res = await new TestClient(t.app).get(`/api/closures?year=${year}&month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).not.toContain('Roof repairs');
    const listed = res.json() as { startDate: string; label: string }[];
    expect(listed).toContainEqual(
      expect.objectContaining({ startDate: day(10), label: 'House retreat' }),
    );
    if (monthOf(day(14)).month === month)
      expect(listed).toContainEqual(
        expect.objectContaining({ startDate: day(14), label: 'Closed' }),
      );

    const staff = (await admin.get('/api/closures/all')).json() as {
      reason: string;
      createdBy: string;
    }[];
    expect(staff).toHaveLength(2);
    expect(staff.map((c) => c.reason)).toEqual(['Roof repairs', 'Roof repairs']);
    expect(staff[0]).toMatchObject({ startDate: day(10), createdBy: 'admin' });
  });

  it('are made and removed by administrators only', async () => {
    const { client: member } = await memberWithAccount(t, 'anna');
    expect((await member.post('/api/closures', closure(5, 6))).statusCode).toBe(403);
    expect((await new TestClient(t.app).post('/api/closures', closure(5, 6))).statusCode).toBe(401);
    expect((await member.get('/api/closures/all')).statusCode).toBe(403);
    const { client: admin } = await adminClient(t);
    const made = await close(t, admin, 5, 6);
    expect((await member.delete(`/api/closures/${made.id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/closures/${made.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/closures/${made.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(closures)).toHaveLength(0);
  });

  it('refuse bad input with a clear message and change nothing', async () => {
    const { client: admin } = await adminClient(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [closure(5, 4), /last closed day cannot be before the first/],
      [closure(5, 6, { reason: '  ' }), /reason/],
      [closure(5, 6, { startDate: '2026-02-30' }), /YYYY-MM-DD/],
      [closure(5, 400), /at most 366 days/],
      [closure(5, 6, { publicLabel: 'x'.repeat(61) }), /At most 60/],
      [closure(5, 6, { extra: true }), /./],
      [closure(-2, 3), /past/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/closures', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(message);
    }
    expect(await t.db.select().from(closures)).toHaveLength(0);
  });

  it('hold their days: a request over a closed day answers 409 naming the closed days', async () => {
    const { client: admin } = await adminClient(t);
    await close(t, admin, 10, 11);
    const { client } = await memberWithAccount(t, 'anna');
    const res = await client.post('/api/reservations', request(8, 12));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'days_taken', days: [day(10), day(11)] });
    expect(await t.db.select().from(reservations)).toHaveLength(0);
    // The days around it are free.
    expect((await client.post('/api/reservations', request(12, 13))).statusCode).toBe(201);
  });

  it('cannot cover holding reservations: the 409 names them', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    await reserveDays(t, client, 10, 3, 'Youth retreat');
    const { client: admin } = await adminClient(t);
    const res = await admin.post('/api/closures', closure(8, 10));
    expect(res.statusCode).toBe(409);
    const answer = res.json() as { code: string; message: string; reservations: unknown[] };
    expect(answer.code).toBe('closure_over_reservations');
    expect(answer.message).toContain('Youth retreat');
    expect(answer.reservations).toEqual([
      expect.objectContaining({ eventName: 'Youth retreat', accountName: 'Church anna' }),
    ]);
    expect(await t.db.select().from(closures)).toHaveLength(0);
  });

  it('can cover the days of a cancelled reservation, and not another closure', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    const { client: admin } = await adminClient(t);
    await close(t, admin, 10, 12);
    const again = await admin.post('/api/closures', closure(12, 13));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_closed' });
  });

  it('free their days when removed', async () => {
    const { client: admin } = await adminClient(t);
    const made = await close(t, admin, 10, 11);
    await admin.delete(`/api/closures/${made.id}`);
    const { client } = await memberWithAccount(t, 'anna');
    expect((await client.post('/api/reservations', request(10, 11))).statusCode).toBe(201);
  });

  it('hold in the database itself: a direct insert over a closure is refused', async () => {
    const { client: admin } = await adminClient(t);
    await close(t, admin, 10, 11);
    const { user } = await memberWithAccount(t, 'anna');
    await expectHeldDaysRefused(t.db, { userId: user.id, firstDay: day(11), lastDay: day(12) });
    // And the other way round.
    await insertReservationRow(t.db, { userId: user.id, firstDay: day(20), lastDay: day(21) });
    await expect(
      t.db.insert(closures).values({ firstDay: day(21), lastDay: day(22), reason: 'x' }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
    const holds = (await t.db.execute(
      sql`select count(*)::int as n from calendar_holds`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(holds.rows[0]!.n).toBe(2);
  });

  it('let none of 50 simultaneous requests over a closed day succeed', async () => {
    const { client: admin } = await adminClient(t);
    await close(t, admin, 20, 20);
    const members = await Promise.all(
      Array.from({ length: 5 }, (_, i) => memberWithAccount(t, `racer${i}`)),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        members[i % 5]!.client.post('/api/reservations', request(18 + (i % 3), 20 + (i % 2))),
      ),
    );
    expect(results.map((r) => r.statusCode).every((c) => c === 409)).toBe(true);
    expect(await t.db.select().from(reservations)).toHaveLength(0);
  });

  it('race reservations fairly: a closure and 20 requests at once leave no overlap', async () => {
    const { client: admin } = await adminClient(t);
    const members = await Promise.all(
      Array.from({ length: 4 }, (_, i) => memberWithAccount(t, `racer${i}`)),
    );
    const [closing, ...requests] = await Promise.all([
      admin.post('/api/closures', closure(30, 32)),
      ...Array.from({ length: 20 }, (_, i) =>
        members[i % 4]!.client.post('/api/reservations', request(30 + (i % 3), 32)),
      ),
    ]);
    // Every loser is told why (409), none fails (no deadlock turned into a 500).
    expect([201, 409]).toContain(closing!.statusCode);
    expect(requests.map((r) => r.statusCode).filter((c) => c !== 201 && c !== 409)).toEqual([]);
    const won = requests.filter((r) => r.statusCode === 201).length;
    expect(won + (closing!.statusCode === 201 ? 1 : 0)).toBe(1);
    const check = (await t.db.execute(
      sql`select count(*)::int as n from calendar_holds a join calendar_holds b on a.id < b.id and a.days && b.days`,
    )) as unknown as { rows: { n: number }[] };
    expect(check.rows[0]!.n).toBe(0);
  });
});
