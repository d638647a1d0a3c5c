// The kitchen's sheet (docs/house-operations.md): meals per day over approved
// stays, the arrival and departure days' meals, a day event's, the final count
// over the estimate, and cancelled or pending stays left out.
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/harness.js';
import { useOperationsHouse } from './operations.testing.js';

const { t, people, stay, setStatus, day } = useOperationsHouse();

type Row = {
  date: string;
  breakfast: number;
  lunch: number;
  dinner: number;
  diets: Record<string, number>;
};

async function kitchen(admin: TestClient, from: string, to: string) {
  const res = await admin.get(`/api/admin/kitchen?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row[];
}
const meals = (rows: Row[]) => rows.map((r) => [r.date, r.breakfast, r.lunch, r.dinner]);

describe('GET /api/admin/kitchen', () => {
  it('counts each approved stay by its plan, with arrival, departure and day-event meals', async () => {
    const { admin, anna, minjun } = await people();
    const [d0, d1, d2, d3, d4, d5, d6, d7] = [40, 41, 42, 43, 44, 45, 46, 47].map(day);
    // A stay that began before the range, a day event, a pending and a cancelled one.
    const weekend = await stay(anna, d0!, d2!, { guests: 20 });
    const dayEvent = await stay(minjun, d3!, d3!, { guests: 15 });
    await stay(minjun, d5!, d6!, { guests: 30 });
    const cancelled = await stay(anna, d7!, d7!, { guests: 25 });
    for (const id of [weekend, dayEvent, cancelled]) await setStatus(admin, id, 'approved');
    await setStatus(admin, cancelled, 'cancelled');

    expect(meals(await kitchen(admin, d1!, d7!))).toEqual([
      [d1, 20, 20, 20],
      [d2, 20, 20, 0],
      [d3, 15, 15, 15],
      [d4, 0, 0, 0],
      [d5, 0, 0, 0],
      [d6, 0, 0, 0],
      [d7, 0, 0, 0],
    ]);
    expect(meals(await kitchen(admin, d0!, d0!))).toEqual([[d0, 0, 0, 20]]);

    const stays = (await admin.get(`/api/admin/kitchen/stays?from=${d1}&to=${d7}`)).json();
    expect(stays.map((s: { id: number }) => s.id)).toEqual([weekend, dayEvent]);
    expect(stays[1]).toMatchObject({ accountName: '서울 교회', guests: 15, finalCount: false });
  });

  it('follows the final count and sums the diets of the stays eating that day', async () => {
    const { admin, anna, minjun } = await people();
    const [d0, d1, d2] = [50, 51, 52].map(day);
    const weekend = await stay(anna, d0!, d1!, { guests: 20 });
    const lodgingOnly = await stay(minjun, d2!, d2!, { guests: 14, mealPlan: null });
    await setStatus(admin, weekend, 'approved');
    await setStatus(admin, lodgingOnly, 'approved');
    const put = await admin.put(`/api/reservations/${weekend}/questionnaire`, {
      finalGuests: 16,
      diets: { vegetarian: 3, glutenFree: 1 },
      dietNotes: 'One severe peanut allergy: no nuts in the kitchen.',
      arrivalTime: '17:30',
    });
    expect(put.statusCode, put.body).toBe(200);

    const rows = await kitchen(admin, d0!, d2!);
    expect(meals(rows)).toEqual([
      [d0, 0, 0, 16],
      [d1, 16, 16, 0],
      [d2, 0, 0, 0],
    ]);
    expect(rows[0]!.diets).toEqual({
      vegetarian: 3,
      vegan: 0,
      glutenFree: 1,
      dairyFree: 0,
      nutAllergy: 0,
    });
    expect(rows[2]!.diets.vegetarian).toBe(0);
    const stays = (await admin.get(`/api/admin/kitchen/stays?from=${d0}&to=${d2}`)).json();
    expect(stays).toEqual([
      expect.objectContaining({
        id: weekend,
        guests: 16,
        finalCount: true,
        mealPlan: 'Three meals a day',
        arrivalTime: '17:30',
        dietNotes: 'One severe peanut allergy: no nuts in the kitchen.',
      }),
    ]);
  });

  it('answers every day of an empty range, and refuses a bad one with the reason', async () => {
    const { admin } = await people();
    const rows = await kitchen(admin, '2030-02-27', '2030-03-02');
    expect(rows.map((r) => r.date)).toEqual([
      '2030-02-27',
      '2030-02-28',
      '2030-03-01',
      '2030-03-02',
    ]);
    for (const [query, path] of [
      ['from=2030-03-02&to=2030-03-01', 'to'],
      ['from=2030-02-30&to=2030-03-01', 'from'],
      ['from=2030-01-01&to=2031-01-02', 'to'],
      ['from=2030-01-01', 'to'],
      ['from=tomorrow&to=2030-01-01', 'from'],
    ] as const) {
      const res = await admin.get(`/api/admin/kitchen?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(
        `querystring.${path}`,
      );
    }
    expect((await admin.get('/api/admin/kitchen?from=2030-01-01&to=2030-12-31')).statusCode).toBe(
      200,
    );
  });

  it('is for administrators only', async () => {
    const { anna } = await people();
    const url = '/api/admin/kitchen?from=2030-01-01&to=2030-01-02';
    expect((await anna.get(url)).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
