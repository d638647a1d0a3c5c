import { describe, expect, it } from 'vitest';
import pricingFile from '../../../../../../content/pricing.json';
import { pricingFileSchema } from '../../../../../shared/schemas/pricing.js';
import {
  cancellationLines,
  dayPriceLines,
  inWords,
  mealLines,
  monthDay,
  paymentLines,
} from './pricing-sentences.js';

const parse = (body: unknown) => pricingFileSchema.parse(body);
const shipped = parse(pricingFile);

describe('the prices in sentences', () => {
  it('writes days of the year and lists as people do', () => {
    expect(monthDay('06-01')).toBe('June 1');
    expect(monthDay('12-20')).toBe('December 20');
    expect(inWords(['breakfast', 'lunch', 'dinner'])).toBe('breakfast, lunch and dinner');
    expect(inWords(['dinner'])).toBe('dinner');
  });

  it('states the day prices with the money written out', () => {
    expect(dayPriceLines(shipped, 'USD')).toEqual([
      'No price per day for the house: only the guests are charged.',
    ]);
    const days = parse({
      dailyRateCents: 15000,
      seasons: [{ label: 'Summer', from: '06-01', to: '08-31', dailyRateCents: 18000 }],
      weekdayRates: [{ label: 'Weekend', weekdays: [5, 6], dailyRateCents: 17000 }],
    });
    expect(dayPriceLines(days, 'EUR')).toEqual([
      'Daily rate: €150.00 for each day of a stay.',
      'Summer, June 1 to August 31: €180.00 a day.',
      'Weekend (Fridays and Saturdays): €170.00 a day.',
    ]);
  });

  it('states the meals, the deposit, the due days and the refunds', () => {
    expect(mealLines(shipped)).toEqual([
      'Three meals a day: breakfast, lunch and dinner on a full day.',
      'Breakfast and dinner: breakfast and dinner on a full day.',
      'On the day of arrival: dinner.',
      'On the day of departure: breakfast and lunch.',
    ]);
    expect(paymentLines(shipped)).toEqual([
      'A deposit of 25% of the price confirms the dates. It is due 7 days after the house approves the stay, and it is kept by the house when the group cancels.',
      'The group gives its final number of guests until 21 days before the first day.',
      'The balance is due 14 days before the first day.',
      'Groups must show a liability insurance certificate before arrival.',
    ]);
    expect(cancellationLines(shipped)).toEqual([
      'Cancelled 30 days or more before the first day: 100% of what was paid is refunded.',
      'Cancelled 14 days or more before the first day: 50% of what was paid is refunded.',
      'Cancelled later: nothing is refunded.',
      'The deposit is kept by the house in any case: the steps apply to what was paid beyond it.',
    ]);
    expect(cancellationLines(parse({}))).toEqual(['Nothing is refunded when a group cancels.']);
  });
});
