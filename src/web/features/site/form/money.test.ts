import { describe, expect, it } from 'vitest';
import { centsToUnits, isMoneyField, unitsToCents } from './money.js';

describe('money in units and cents', () => {
  it.each([
    [6500, 65],
    [0, 0],
    [29, 0.29],
    [100_000_000, 1_000_000],
    [1, 0.01],
  ])('%i cents are %d in units, and back', (cents, units) => {
    expect(centsToUnits(cents)).toBe(units);
    expect(unitsToCents(units)).toBe(cents);
  });

  it('rounds what is typed to a whole cent', () => {
    expect(unitsToCents(0.29)).toBe(29);
    expect(unitsToCents(72.5)).toBe(7250);
    expect(unitsToCents(19.999)).toBe(2000);
  });

  it('takes a field whose key ends in Cents for money, and no other', () => {
    expect(isMoneyField(['group', 'perPersonNightCents'])).toBe(true);
    expect(isMoneyField(['seasons', 0, 'dailyRateCents'])).toBe(true);
    expect(isMoneyField(['group', 'deposit', 'percent'])).toBe(false);
    expect(isMoneyField([0])).toBe(false);
  });
});
