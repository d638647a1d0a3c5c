import { describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf } from '../../../shared/dates.js';
import { reservations } from '../../db/schema.js';
import {
  TestClient,
  dayFromToday,
  memberWithAccount,
  monthOfDay,
  requestBody,
  useTestApp,
} from '../../testing/harness.js';

// One day kept free after each stay (docs/calendar.md).
const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago', TURNOVER_DAYS: '1' });

const day = dayFromToday;
const request = requestBody;
const monthOf = monthOfDay;

async function twoChurches() {
  const a = await memberWithAccount(t, 'anna');
  const b = await memberWithAccount(t, 'bob');
  const first = await a.client.post('/api/reservations', request(10, 12));
  expect(first.statusCode, first.body).toBe(201);
  return { a: a.client, b: b.client };
}

describe('turnover days', () => {
  it('keep the day after a stay free: a request starting on it answers 409 with that day', async () => {
    const { b } = await twoChurches();
    const res = await b.post('/api/reservations', request(13, 14));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'days_taken', days: [day(13)] });
    // The day after the turnover day is free.
    expect((await b.post('/api/reservations', request(14, 15))).statusCode).toBe(201);
  });

  it('keep a new stay’s own turnover day free: ending the day before another stay answers 409', async () => {
    const { b } = await twoChurches();
    const res = await b.post('/api/reservations', request(7, 9));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'days_taken', days: [day(10)] });
    expect((await b.post('/api/reservations', request(7, 8))).statusCode).toBe(201);
  });

  it('are stored with the reservation and freed when it is cancelled', async () => {
    const { a, b } = await twoChurches();
    const [row] = await t.db.select().from(reservations);
    expect(row!.turnoverDays).toBe(1);
    expect((await a.patch(`/api/reservations/${row!.id}/cancel`)).statusCode).toBe(200);
    expect((await b.post('/api/reservations', request(13, 13))).statusCode).toBe(201);
  });

  it('are told to the calendars: the facility info names them and a month shows last month’s stay', async () => {
    const info = (await new TestClient(t.app).get('/api/facility/info')).json() as {
      turnoverDays: number;
    };
    expect(info.turnoverDays).toBe(1);
    // A stay ending on the last day of a month makes the 1st of the next a turnover day.
    const { client } = await memberWithAccount(t, 'anna');
    const next = monthOf(addDays(day(40), 0));
    const firstOfNext = `${next.year}-${String(next.month).padStart(2, '0')}-01`;
    const lastOfPrevious = addDays(firstOfNext, -1);
    const res = await client.post('/api/reservations', {
      ...request(0, 0),
      startTime: startTimeOf(addDays(lastOfPrevious, -1)),
      endTime: endTimeOf(lastOfPrevious),
    });
    expect(res.statusCode, res.body).toBe(201);
    const entries = (
      await new TestClient(t.app).get(
        `/api/reservations/public-calendar?year=${next.year}&month=${next.month}`,
      )
    ).json() as { endTime: string }[];
    expect(entries).toEqual([expect.objectContaining({ endTime: endTimeOf(lastOfPrevious) })]);
  });

  it('let none of 50 simultaneous requests for a turnover day succeed', async () => {
    await twoChurches();
    const members = await Promise.all(
      Array.from({ length: 5 }, (_, i) => memberWithAccount(t, `racer${i}`)),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        members[i % 5]!.client.post('/api/reservations', request(13, 13 + (i % 3))),
      ),
    );
    expect(results.every((r) => r.statusCode === 409)).toBe(true);
    expect(await t.db.select().from(reservations)).toHaveLength(1);
  });
});
