import { describe, expect, it } from 'vitest';
import { kitchenDays, mealsOn, noDiets, type KitchenStayInput } from './kitchen-counts.js';

const fullBoard = (over: Partial<KitchenStayInput>): KitchenStayInput => ({
  firstDay: '2027-05-10',
  lastDay: '2027-05-12',
  guests: 20,
  meals: ['breakfast', 'lunch', 'dinner'],
  arrivalDayMeals: ['dinner'],
  departureDayMeals: ['breakfast', 'lunch'],
  diets: {},
  ...over,
});

describe('mealsOn', () => {
  it('serves only the arrival-day meals on the first day and the departure-day meals on the last', () => {
    const stay = fullBoard({});
    expect(mealsOn(stay, '2027-05-09')).toEqual([]);
    expect(mealsOn(stay, '2027-05-10')).toEqual(['dinner']);
    expect(mealsOn(stay, '2027-05-11')).toEqual(['breakfast', 'lunch', 'dinner']);
    expect(mealsOn(stay, '2027-05-12')).toEqual(['breakfast', 'lunch']);
    expect(mealsOn(stay, '2027-05-13')).toEqual([]);
  });

  it('gives a day event every meal of its plan', () => {
    const stay = fullBoard({ firstDay: '2027-05-10', lastDay: '2027-05-10', meals: ['lunch'] });
    expect(mealsOn(stay, '2027-05-10')).toEqual(['lunch']);
  });

  it('never serves a meal outside the plan, even on a full day', () => {
    const stay = fullBoard({ meals: ['breakfast'] });
    expect(mealsOn(stay, '2027-05-10')).toEqual([]);
    expect(mealsOn(stay, '2027-05-11')).toEqual(['breakfast']);
  });
});

describe('kitchenDays', () => {
  it('sums overlapping stays and one leaving the day another arrives, with empty days', () => {
    const leaving = fullBoard({ diets: { vegetarian: 3, glutenFree: 1 } });
    const arriving = fullBoard({
      firstDay: '2027-05-12',
      lastDay: '2027-05-13',
      guests: 15,
      diets: { vegan: 2 },
    });
    const rows = kitchenDays('2027-05-09', '2027-05-14', [leaving, arriving]);
    expect(rows.map((r) => [r.date, r.breakfast, r.lunch, r.dinner])).toEqual([
      ['2027-05-09', 0, 0, 0],
      ['2027-05-10', 0, 0, 20],
      ['2027-05-11', 20, 20, 20],
      ['2027-05-12', 20, 20, 15],
      ['2027-05-13', 15, 15, 0],
      ['2027-05-14', 0, 0, 0],
    ]);
    expect(rows[3]!.diets).toEqual({ ...noDiets(), vegetarian: 3, glutenFree: 1, vegan: 2 });
    expect(rows[4]!.diets).toEqual({ ...noDiets(), vegan: 2 });
    expect(rows[0]!.diets).toEqual(noDiets());
  });

  it('leaves out the diets of a stay that eats nothing that day', () => {
    const lodgingOnly = fullBoard({ meals: [], diets: { vegetarian: 4 } });
    const [row] = kitchenDays('2027-05-11', '2027-05-11', [lodgingOnly]);
    expect(row).toEqual({
      date: '2027-05-11',
      breakfast: 0,
      lunch: 0,
      dinner: 0,
      diets: noDiets(),
    });
  });
});
