import { describe, expect, it } from 'vitest';
import { formatMoney, reservationAmountCents } from './pricing.js';

describe('pricing', () => {
  it('charges every day of the stay, first and last included', () => {
    expect(reservationAmountCents('2027-03-10T00:00:00.000Z', '2027-03-12T23:59:59.999Z', 15000)).toBe(45000);
    expect(reservationAmountCents('2027-03-10T00:00:00.000Z', '2027-03-10T23:59:59.999Z', 15000)).toBe(15000);
    expect(reservationAmountCents('2028-02-28T00:00:00.000Z', '2028-03-01T23:59:59.999Z', 100)).toBe(300);
  });
  it('formats money', () => {
    expect(formatMoney(45000, 'USD')).toBe('$450.00');
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
  });
});
