import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import { kitchenDays } from './kitchen-counts.js';
import {
  balanceDueDate,
  describeGroupRates,
  servedMeals,
  finalCountDueDate,
  percentOf,
  priceOf,
  quoteStay,
  stayProblem,
} from './group-pricing.js';
import { pricingFileSchema } from './schemas/pricing.js';
import { GROUP_PRICING, GROUP_RULES, groupRules } from './group-pricing.testing.js';

describe('quoteStay', () => {
  it('bills max(guests, minimum) per person per night, plus the meal plan per day', () => {
    const q = quoteStay(GROUP_RULES, '2030-06-05', '2030-06-07', {
      guests: 20,
      mealPlan: 'full-board',
    });
    expect(q.lines).toEqual([
      {
        label: 'Lodging: 20 guests × 2 nights',
        quantity: 40,
        unitCents: 6500,
        amountCents: 260000,
      },
      {
        // This house serves every meal on the days of arrival and departure too.
        label:
          'Three meals a day: 20 guests, 9 meals per guest (breakfast, lunch and dinner on arrival, breakfast, lunch and dinner on the day between, breakfast, lunch and dinner on departure)',
        quantity: 20,
        unitCents: 10500,
        amountCents: 210000,
      },
    ]);
    expect(q).toMatchObject({
      totalCents: 470000,
      guests: 20,
      billedGuests: 20,
      mealPlan: 'full-board',
      depositCents: 117500,
      days: 3,
    });
  });

  it('a group below the minimum, or with no count, is billed for the minimum', () => {
    const small = quoteStay(GROUP_RULES, '2030-06-05', '2030-06-06', { guests: 5 });
    const none = quoteStay(GROUP_RULES, '2030-06-05', '2030-06-06');
    expect(small).toMatchObject({ guests: 5, billedGuests: 12, totalCents: 12 * 6500 });
    expect(none).toMatchObject({ guests: null, billedGuests: 12, totalCents: 12 * 6500 });
  });

  it('a day event is priced per person for the day, meals for one day', () => {
    const q = quoteStay(GROUP_RULES, '2030-06-05', '2030-06-05', {
      guests: 30,
      mealPlan: 'full-board',
    });
    expect(q.lines.map((l) => [l.label, l.amountCents])).toEqual([
      ['Day use: 30 guests', 30 * 2500],
      [
        'Three meals a day: 30 guests, 3 meals per guest (breakfast, lunch and dinner on the day)',
        30 * 3500,
      ],
    ]);
  });

  describe('meals billed as the kitchen serves them', () => {
    const house = groupRules({
      group: {
        ...GROUP_PRICING.group!,
        arrivalDayMeals: ['dinner'],
        departureDayMeals: ['breakfast', 'lunch'],
      },
    });

    it('bills dinner on arrival and breakfast and lunch on departure: 6 meals, not 9', () => {
      const q = quoteStay(house, '2030-06-05', '2030-06-07', {
        guests: 20,
        mealPlan: 'full-board',
      });
      // $35.00 a day for three meals: $11.67 for dinner alone, $23.33 for two meals.
      expect(q.lines[1]).toEqual({
        label:
          'Three meals a day: 20 guests, 6 meals per guest (dinner on arrival, breakfast, lunch and dinner on the day between, breakfast and lunch on departure)',
        quantity: 20,
        unitCents: 1167 + 3500 + 2333,
        amountCents: 20 * 7000,
      });
      expect(q.totalCents).toBe(260000 + 140000);
      const long = quoteStay(house, '2030-06-05', '2030-06-09', {
        guests: 12,
        mealPlan: 'full-board',
      });
      expect(long.lines[1]!.label).toContain('on each of the 3 days between');
      expect(long.lines[1]!.unitCents).toBe(1167 + 3 * 3500 + 2333);
    });

    it('a plan without the arrival meal says nothing of arrival, and a day event has every meal', () => {
      const plans = groupRules({
        group: {
          ...house.group!,
          mealPlans: [
            {
              id: 'half',
              label: 'Breakfast and lunch',
              perPersonDayCents: 2000,
              meals: ['breakfast', 'lunch'],
            },
          ],
        },
      });
      const q = quoteStay(plans, '2030-06-05', '2030-06-06', { guests: 12, mealPlan: 'half' });
      expect(q.lines[1]).toMatchObject({
        label:
          'Breakfast and lunch: 12 guests, 2 meals per guest (breakfast and lunch on departure)',
        unitCents: 2000,
      });
      const day = quoteStay(plans, '2030-06-05', '2030-06-05', { guests: 12, mealPlan: 'half' });
      expect(day.lines[1]).toMatchObject({ unitCents: 2000, amountCents: 24000 });
    });

    it('bills exactly the meals the kitchen counts, for any stay and any lists', () => {
      const meal = fc.constantFrom('breakfast' as const, 'lunch' as const, 'dinner' as const);
      const list = fc.uniqueArray(meal, { maxLength: 3 });
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 20 }),
          list,
          list,
          list,
          (nights, plan, arrival, departure) => {
            if (plan.length === 0) return;
            const first = '2030-06-05';
            const last = addDays(first, nights);
            const served = servedMeals(
              { arrivalDayMeals: arrival, departureDayMeals: departure },
              { id: 'p', label: 'P', perPersonDayCents: 3000, meals: plan },
              nights + 1,
            );
            const cooked = kitchenDays(first, last, [
              {
                firstDay: first,
                lastDay: last,
                guests: 1,
                meals: plan,
                arrivalDayMeals: arrival,
                departureDayMeals: departure,
                diets: {},
              },
            ]).reduce((sum, d) => sum + d.breakfast + d.lunch + d.dinner, 0);
            expect(served.meals).toBe(cooked);
          },
        ),
      );
    });

    it('says on the public rates which meals the days of arrival and departure have', () => {
      expect(describeGroupRates(house.group!, 'USD')).toContain(
        "Meals are billed as served: on the day of arrival dinner, on the day of departure breakfast and lunch, each a share of the day's rate.",
      );
      expect(describeGroupRates(GROUP_RULES.group!, 'USD').join(' ')).not.toContain('as served');
    });

    it('a stay requested under the rule before keeps it: every day at the whole rate', () => {
      const { terms } = quoteStay(house, '2030-06-05', '2030-06-07', {
        guests: 20,
        mealPlan: 'full-board',
      });
      const { mealRule: _served, ...before } = terms;
      expect(priceOf(before, 3, 20)).toMatchObject({ totalCents: 470000 });
      expect(priceOf(before, 3, 20).lines[1]).toMatchObject({
        label: 'Three meals a day: 20 guests × 3 days',
        quantity: 60,
        unitCents: 3500,
      });
      expect(priceOf(terms, 3, 20).totalCents).toBe(400000);
    });
  });

  it('keeps the day rates as lines of their own, and a house without group pricing by the day', () => {
    const withRent = { ...GROUP_RULES, dailyRateCents: 10000 };
    expect(quoteStay(withRent, '2030-06-05', '2030-06-06', { guests: 12 }).totalCents).toBe(
      20000 + 12 * 6500,
    );
    const byDay = { ...GROUP_RULES, group: undefined, dailyRateCents: 15000 };
    expect(quoteStay(byDay, '2030-06-05', '2030-06-06', { guests: 30 })).toMatchObject({
      totalCents: 30000,
      guests: 30,
      billedGuests: null,
      depositCents: 0,
    });
  });

  it('at most, the maximum; over it, zero or a plan the house lacks: a problem with its code', () => {
    expect(stayProblem(GROUP_RULES, { guests: 40 })).toBeNull();
    expect(stayProblem(GROUP_RULES, { guests: 41 })).toMatchObject({ code: 'invalid_guests' });
    expect(stayProblem(GROUP_RULES, { guests: 0 })).toMatchObject({ code: 'invalid_guests' });
    expect(stayProblem(GROUP_RULES, { guests: 2.5 })).toMatchObject({ code: 'invalid_guests' });
    expect(stayProblem(GROUP_RULES, { mealPlan: 'half-board' })).toMatchObject({
      code: 'unknown_meal_plan',
    });
  });

  it('property: lines sum to the total, price grows with the guests and is flat below the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 39 }),
        fc.boolean(),
        (extra, guests, meals) => {
          const first = '2030-03-01';
          const last = addDays(first, extra);
          const mealPlan = meals ? 'full-board' : null;
          const q = quoteStay(GROUP_RULES, first, last, { guests, mealPlan });
          const more = quoteStay(GROUP_RULES, first, last, { guests: guests + 1, mealPlan });
          expect(q.totalCents).toBe(q.lines.reduce((s, l) => s + l.amountCents, 0));
          for (const l of q.lines) expect(l.amountCents).toBe(l.quantity! * l.unitCents!);
          expect(more.totalCents).toBeGreaterThanOrEqual(q.totalCents);
          if (guests < 12)
            expect(q.totalCents).toBe(quoteStay(GROUP_RULES, first, last, { mealPlan }).totalCents);
          // The terms kept with the stay price it again to the same amount.
          expect(priceOf(q.terms, q.days, guests).totalCents).toBe(q.totalCents);
        },
      ),
    );
  });
});

describe('percentages and due days', () => {
  it('rounds a percentage half up to a whole cent', () => {
    expect(percentOf(10, 25)).toBe(3);
    expect(percentOf(12345, 25)).toBe(3086);
    expect(percentOf(2, 25)).toBe(1);
    expect(percentOf(1, 25)).toBe(0);
    expect(percentOf(470000, 25)).toBe(117500);
  });

  it('the balance and the final count fall due the set days before the first day', () => {
    const { terms } = quoteStay(GROUP_RULES, '2030-06-20', '2030-06-22');
    expect(balanceDueDate(terms, '2030-06-20')).toBe('2030-06-06');
    expect(finalCountDueDate(terms, '2030-06-20')).toBe('2030-06-10');
    const byDay = quoteStay({ ...GROUP_RULES, group: undefined }, '2030-06-20', '2030-06-22');
    expect(balanceDueDate(byDay.terms, '2030-06-20')).toBeNull();
  });

  it('refuses a group with a maximum under its minimum, or two plans of one id', () => {
    const bad = pricingFileSchema.safeParse({
      group: {
        minimumGuests: 10,
        maximumGuests: 5,
        perPersonNightCents: 1,
        dayUsePerPersonCents: 1,
        mealPlans: [
          { id: 'a', label: 'A', perPersonDayCents: 1, meals: ['lunch'] },
          { id: 'a', label: 'B', perPersonDayCents: 1, meals: ['lunch'] },
        ],
      },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'group.maximumGuests',
      'group.mealPlans',
    ]);
  });
});
