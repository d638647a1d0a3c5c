import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { addDays, daysBetween } from './dates.js';
import {
  applicableTier,
  cancellationRefund,
  dayRate,
  describePolicy,
  formatMoney,
  HAND_WRITTEN_CURRENCIES,
  quote,
  reservationAmountCents,
} from './pricing.js';
import { pricingFileSchema, type PricingRules } from './schemas/pricing.js';

const rules = (file: unknown, dailyRateCents = 15000): PricingRules => ({
  ...pricingFileSchema.parse(file),
  dailyRateCents: (file as { dailyRateCents?: number }).dailyRateCents ?? dailyRateCents,
  currency: 'USD',
});

const seasonal = rules({
  dailyRateCents: 10000,
  seasons: [
    { label: 'Summer', from: '06-01', to: '08-31', dailyRateCents: 18000 },
    { label: 'Christmas', from: '12-20', to: '01-06', dailyRateCents: 20000 },
  ],
  weekdayRates: [{ label: 'Weekend', weekdays: [5, 6], dailyRateCents: 12000 }],
});

describe('pricing', () => {
  it('charges every day of the stay, first and last included', () => {
    expect(
      reservationAmountCents('2027-03-10T00:00:00.000Z', '2027-03-12T23:59:59.999Z', 15000),
    ).toBe(45000);
    expect(
      reservationAmountCents('2027-03-10T00:00:00.000Z', '2027-03-10T23:59:59.999Z', 15000),
    ).toBe(15000);
    expect(
      reservationAmountCents('2028-02-28T00:00:00.000Z', '2028-03-01T23:59:59.999Z', 100),
    ).toBe(300);
  });
  it('formats money', () => {
    expect(formatMoney(45000, 'USD')).toBe('$450.00');
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
    expect(formatMoney(45000, 'USD')).toBe('$450.00');
  });

  it('builds no Intl formatter for them (the first one of a page costs tens of milliseconds)', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    try {
      formatMoney(45000, 'NZD');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('writes each hand-written currency exactly as Intl writes it in en-US', () => {
    const amounts = [0, 1, 5, 99, 100, 1999, 45000, 100000, 123456789, -1, -4550, -123456789];
    for (const currency of HAND_WRITTEN_CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      for (const cents of amounts) {
        expect(formatMoney(cents, currency), `${currency} ${cents}`).toBe(intl.format(cents / 100));
      }
    }
  });

  it('leaves other currencies, and amounts that are not whole cents, to Intl', () => {
    expect(formatMoney(12345, 'JPY')).toBe('¥123');
    expect(formatMoney(12345, 'CHF')).toBe('CHF\u00a0123.45');
    expect(formatMoney(1234.5, 'USD')).toBe('$12.35');
  });
});

describe('quote', () => {
  it('a flat rate: one line of days × rate', () => {
    expect(quote(rules({}), '2027-03-10', '2027-03-12')).toEqual({
      currency: 'USD',
      days: 3,
      totalCents: 45000,
      lines: [{ label: 'Daily rate', days: 3, dailyCents: 15000, amountCents: 45000 }],
      guests: null,
      billedGuests: null,
      mealPlan: null,
      depositCents: 0,
    });
  });

  it('prices a range across a season edge day by day', () => {
    // Thursday 2027-05-27 … Thursday 2027-06-03: May 27 Thu, 28 Fri, 29 Sat, 30 Sun, 31 Mon; June 1-3 summer.
    const q = quote(seasonal, '2027-05-27', '2027-06-03');
    expect(q.lines).toEqual([
      { label: 'Daily rate', days: 3, dailyCents: 10000, amountCents: 30000 },
      { label: 'Weekend', days: 2, dailyCents: 12000, amountCents: 24000 },
      { label: 'Summer', days: 3, dailyCents: 18000, amountCents: 54000 },
    ]);
    expect(q).toMatchObject({ days: 8, totalCents: 108000 });
  });

  it('a season from December to January wraps over the new year', () => {
    expect(dayRate(seasonal, '2027-12-31')).toEqual({ label: 'Christmas', dailyCents: 20000 });
    expect(dayRate(seasonal, '2028-01-06')).toEqual({ label: 'Christmas', dailyCents: 20000 });
    expect(dayRate(seasonal, '2028-01-07').label).not.toBe('Christmas');
    expect(dayRate(seasonal, '2027-12-19').label).not.toBe('Christmas');
  });

  const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2026-01-01', n));

  it('the total is the sum of its lines, and the days of the lines are the days of the stay', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 59 }), (first, extra) => {
        const last = addDays(first, extra);
        const q = quote(seasonal, first, last);
        expect(q.totalCents).toBe(q.lines.reduce((s, l) => s + l.amountCents, 0));
        expect(q.lines.reduce((s, l) => s + l.days, 0)).toBe(extra + 1);
        expect(q.days).toBe(extra + 1);
        for (const l of q.lines) expect(l.amountCents).toBe(l.days * l.dailyCents);
      }),
    );
  });

  it('a stay costs what its days cost one by one, however it is split', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 59 }),
        fc.integer({ min: 0, max: 58 }),
        (first, extra, cut) => {
          const last = addDays(first, extra);
          const split = addDays(first, cut % extra);
          const whole = quote(seasonal, first, last).totalCents;
          const parts =
            quote(seasonal, first, split).totalCents +
            quote(seasonal, addDays(split, 1), last).totalCents;
          expect(whole).toBe(parts);
          let byDay = 0;
          for (let i = 0; i <= daysBetween(first, last); i++)
            byDay += dayRate(seasonal, addDays(first, i)).dailyCents;
          expect(whole).toBe(byDay);
        },
      ),
    );
  });
});

describe('cancellation refunds', () => {
  const policy = [
    { daysBeforeStart: 14, refundPercent: 50 },
    { daysBeforeStart: 30, refundPercent: 100 },
  ];

  it('the reached tier with the most days wins; none reached refunds nothing', () => {
    expect(applicableTier(policy, 45)).toEqual({ daysBeforeStart: 30, refundPercent: 100 });
    expect(applicableTier(policy, 30)).toEqual({ daysBeforeStart: 30, refundPercent: 100 });
    expect(applicableTier(policy, 29)).toEqual({ daysBeforeStart: 14, refundPercent: 50 });
    expect(applicableTier(policy, 14)).toEqual({ daysBeforeStart: 14, refundPercent: 50 });
    expect(applicableTier(policy, 13)).toBeNull();
    expect(applicableTier([], 400)).toBeNull();
  });

  it('counts whole days from today to the first day and refunds whole cents, rounded half up', () => {
    expect(cancellationRefund(policy, 30001, '2027-03-01', '2027-03-20')).toEqual({
      refundCents: 15001,
      tier: { daysBeforeStart: 14, refundPercent: 50 },
      daysBeforeStart: 19,
      keptCents: 0,
    });
    expect(cancellationRefund(policy, 29999, '2027-03-01', '2027-03-20').refundCents).toBe(15000);
    expect(cancellationRefund(policy, 30000, '2027-03-19', '2027-03-20').refundCents).toBe(0);
  });

  it('keeps a non-refundable deposit: the tier applies to what was paid beyond it', () => {
    // $1 000 paid, $250 of it the deposit: 50% of $750.
    expect(cancellationRefund(policy, 100000, '2027-03-01', '2027-03-20', 25000)).toMatchObject({
      refundCents: 37500,
      keptCents: 25000,
    });
    // Only the deposit was paid: nothing comes back, whatever the tier.
    expect(cancellationRefund(policy, 25000, '2027-01-01', '2027-03-20', 25000)).toMatchObject({
      refundCents: 0,
      keptCents: 25000,
    });
  });

  it('never refunds more than was paid, nor less than nothing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            daysBeforeStart: fc.integer({ min: 0, max: 400 }),
            refundPercent: fc.integer({ min: 0, max: 100 }),
          }),
        ),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -10, max: 500 }),
        (tiers, paid, before) => {
          const { refundCents } = cancellationRefund(
            tiers,
            paid,
            '2027-01-01',
            addDays('2027-01-01', before),
          );
          expect(refundCents).toBeGreaterThanOrEqual(0);
          expect(refundCents).toBeLessThanOrEqual(paid);
          expect(Number.isInteger(refundCents)).toBe(true);
        },
      ),
    );
  });

  it('describes the policy in words', () => {
    expect(describePolicy(policy)).toBe(
      'Refund on cancellation: 100% when cancelled 30 or more days before arrival; 50% when cancelled 14 or more days before arrival.',
    );
    expect(describePolicy([])).toBe('Payments are not refunded when you cancel.');
  });
});
