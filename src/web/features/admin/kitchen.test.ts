import { describe, expect, it } from 'vitest';
import { KITCHEN_MAX_DAYS } from '../../../shared/schemas/operations.js';
import { RANGE_TOO_LONG, TO_BEFORE_FROM, dietWords, kitchenRange } from './kitchen.js';

const TODAY = '2028-03-10';

describe('kitchenRange', () => {
  it('is a week from today, or from the first day given, when the address names no day', () => {
    expect(kitchenRange(null, null, TODAY)).toEqual({
      from: TODAY,
      to: '2028-03-16',
      problem: null,
    });
    expect(kitchenRange('2028-12-30', null, TODAY)).toMatchObject({
      to: '2029-01-05',
      problem: null,
    });
  });

  it(`takes one day and up to ${KITCHEN_MAX_DAYS} days, and refuses one more`, () => {
    expect(kitchenRange(TODAY, TODAY, TODAY).problem).toBeNull();
    // 2028 is a leap year: its 366 days are the longest range.
    expect(kitchenRange('2028-01-01', '2028-12-31', TODAY).problem).toBeNull();
    expect(kitchenRange('2028-01-01', '2029-01-01', TODAY).problem).toEqual({
      field: 'to',
      text: RANGE_TOO_LONG,
    });
  });

  it('refuses a reversed range and days that are not days', () => {
    expect(kitchenRange('2028-03-10', '2028-03-09', TODAY).problem).toEqual({
      field: 'to',
      text: TO_BEFORE_FROM,
    });
    expect(kitchenRange('2028-02-30', '2028-03-09', TODAY).problem?.field).toBe('from');
    expect(kitchenRange('', '2028-03-09', TODAY).problem?.field).toBe('from');
    expect(kitchenRange(TODAY, '', TODAY).problem?.field).toBe('to');
  });
});

describe('dietWords', () => {
  it('names the diets someone has, in the questionnaire order', () => {
    const none = { vegetarian: 0, vegan: 0, glutenFree: 0, dairyFree: 0, nutAllergy: 0 };
    expect(dietWords(none)).toBeNull();
    expect(dietWords({ ...none, dairyFree: 2, vegan: 1, glutenFree: 4 })).toBe(
      'Vegan: 1, Gluten-free: 4, Dairy-free: 2',
    );
  });
});
