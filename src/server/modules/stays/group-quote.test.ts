// Group pricing through the API (docs/money.md, "Group pricing"): the quote
// for several guest counts and meal plans, the request that keeps its price,
// deposit and due days, and the refusals with their codes.
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import { TZ, useGroupHouse } from './stays.testing.js';

const { t, request } = useGroupHouse();

const quote = async (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/facility/quote?${query}` });

describe('GET /api/facility/quote with group pricing', () => {
  it('bills max(guests, 12) per night and the meal plan per day, with the deposit', async () => {
    const cases = [
      ['guests=5', 12, 2 * 12 * 6500],
      ['', 12, 2 * 12 * 6500],
      ['guests=12', 12, 2 * 12 * 6500],
      ['guests=40', 40, 2 * 40 * 6500],
      ['guests=20&mealPlan=full-board', 20, 2 * 20 * 6500 + 3 * 20 * 3500],
    ] as const;
    for (const [q, billed, total] of cases) {
      const res = await quote(`start=2030-06-05&end=2030-06-07&${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toMatchObject({
        currency: 'USD',
        days: 3,
        billedGuests: billed,
        totalCents: total,
        depositCents: Math.floor((total * 25 + 50) / 100),
      });
      const body = res.json() as { lines: { amountCents: number }[]; totalCents: number };
      expect(body.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(body.totalCents);
    }
    const full = (
      await quote('start=2030-06-05&end=2030-06-07&guests=20&mealPlan=full-board')
    ).json();
    expect(full).toMatchObject({ guests: 20, mealPlan: 'full-board' });
    expect(full.lines).toEqual([
      {
        label: 'Lodging: 20 guests × 2 nights',
        quantity: 40,
        unitCents: 6500,
        amountCents: 260000,
      },
      {
        // This house serves every meal on the days of arrival and departure.
        label:
          'Three meals a day: 20 guests, 9 meals per guest (breakfast, lunch and dinner on arrival, breakfast, lunch and dinner on the day between, breakfast, lunch and dinner on departure)',
        quantity: 20,
        unitCents: 10500,
        amountCents: 210000,
      },
    ]);
  });

  it('prices a day event per person for the day', async () => {
    const res = await quote('start=2030-06-05&end=2030-06-05&guests=30&mealPlan=full-board');
    expect(res.json()).toMatchObject({ totalCents: 30 * 2500 + 30 * 3500, billedGuests: 30 });
  });

  it('refuses over the maximum, under 1, not a number, or a plan the house lacks', async () => {
    for (const [q, code] of [
      ['guests=41', 'invalid_guests'],
      ['guests=0', 'invalid_guests'],
      ['guests=-3', 'invalid_guests'],
      ['guests=2.5', 'invalid_guests'],
      ['guests=many', 'invalid_guests'],
      ['mealPlan=half-board', 'unknown_meal_plan'],
    ]) {
      const res = await quote(`start=2030-06-05&end=2030-06-07&${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe(code);
    }
  });

  it('states the per-person rates on the public pricing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/facility/pricing' });
    expect(res.json().groupRates).toEqual([
      '$65.00 per person per night; $25.00 per person for a day without a night.',
      'Three meals a day: $35.00 per person per day.',
      'Groups of 12 to 40; a smaller group is billed for 12.',
    ]);
  });
});

describe('POST /api/reservations with guests and a meal plan', () => {
  it('keeps the price, the deposit and the balance’s due day with the request', async () => {
    const { reservation, first } = await request({ guests: 20, nights: 2 });
    expect(reservation).toMatchObject({
      guests: 20,
      mealPlan: 'full-board',
      finalGuests: null,
      priceCents: 470000,
      depositCents: 117500,
      balanceDueDate: addDays(first, -14),
      agreement: null,
      paidCents: 0,
    });
  });

  it('without guests, bills the minimum and says guests null', async () => {
    const { reservation } = await request({ guests: null, mealPlan: null });
    expect(reservation).toMatchObject({ guests: null, mealPlan: null, priceCents: 2 * 12 * 6500 });
  });

  it('refuses a group over the maximum or an unknown plan, and nothing is written', async () => {
    const { client } = await request();
    const first = addDays(todayIn(TZ), 90);
    for (const [extra, code] of [
      [{ guests: 41 }, 'invalid_guests'],
      [{ guests: 0 }, 'invalid_guests'],
      [{ mealPlan: 'picnic' }, 'unknown_meal_plan'],
    ] as const) {
      const res = await client.post('/api/reservations', {
        startTime: `${first}T00:00:00.000Z`,
        endTime: `${first}T23:59:59.999Z`,
        eventName: 'Another',
        eventDescription: 'x',
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const mine = (await client.get('/api/reservations/my-reservations')).json() as unknown[];
    expect(mine).toHaveLength(1);
  });
});
