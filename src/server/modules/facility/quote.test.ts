import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPricing } from '../../pricing-content.js';
import { memberWithAccount, reserveDays, useTestApp } from '../../testing/harness.js';

const t = useTestApp(
  { DAILY_RATE_CENTS: '10000', CURRENCY: 'eur' },
  {
    pricing: {
      seasons: [{ label: 'Summer', from: '06-01', to: '08-31', dailyRateCents: 18000 }],
      weekdayRates: [{ label: 'Weekend', weekdays: [0, 6], dailyRateCents: 12000 }],
      cancellationPolicy: [{ daysBeforeStart: 7, refundPercent: 80 }],
    },
  },
);

describe('GET /api/facility/quote', () => {
  it('prices each day at its rate, one line per rate, for anyone', async () => {
    // 2027-05-28 Fri, 29 Sat, 30 Sun, 31 Mon, June 1 Tue (summer).
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/facility/quote?start=2027-05-28&end=2027-06-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'EUR',
      days: 5,
      totalCents: 10000 + 24000 + 10000 + 18000,
      lines: [
        { label: 'Daily rate', days: 2, dailyCents: 10000, amountCents: 20000 },
        { label: 'Weekend', days: 2, dailyCents: 12000, amountCents: 24000 },
        { label: 'Summer', days: 1, dailyCents: 18000, amountCents: 18000 },
      ],
      guests: null,
      billedGuests: null,
      mealPlan: null,
      depositCents: 0,
    });
  });

  it('answers 400 with a code for an invalid range, and for one longer than a reservation may be', async () => {
    for (const q of [
      'start=2027-06-02&end=2027-06-01',
      'start=2027-02-30&end=2027-03-01',
      'start=tomorrow&end=2027-03-01',
      'start=2027-01-01',
      'start=2027-01-01&end=2027-12-31',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/facility/quote?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(['invalid_range', 'validation_failed']).toContain(res.json().code);
    }
  });

  it('the rates and the policy are public, in words too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/facility/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dailyRateCents: 10000,
      currency: 'EUR',
      seasons: [{ label: 'Summer' }],
      cancellationPolicy: [{ daysBeforeStart: 7, refundPercent: 80 }],
      policyDescription:
        'Refund on cancellation: 80% when cancelled 7 or more days before arrival.',
    });
  });

  it('a reservation is priced like its quote when it is requested', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 30, 9);
    const q = (
      await t.app.inject({
        method: 'GET',
        url: `/api/facility/quote?start=${r.first}&end=${r.last}`,
      })
    ).json();
    const mine = (await client.get('/api/reservations/my-reservations')).json()[0];
    expect(mine).toMatchObject({ priceCents: q.totalCents, currency: 'EUR' });
  });
});

describe('content/pricing.json at start', () => {
  async function withFile(text: string, fn: (file: string) => void) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pricing-'));
    try {
      const file = path.join(dir, 'pricing.json');
      await writeFile(file, text);
      fn(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const defaults = { dailyRateCents: 15000, currency: 'USD' };

  it('the shipped file is valid: per-person group pricing, no day rate, a deposit', () => {
    expect(loadPricing(defaults)).toMatchObject({
      dailyRateCents: 0,
      currency: 'USD',
      group: {
        minimumGuests: 12,
        maximumGuests: 40,
        perPersonNightCents: 6500,
        deposit: { percent: 25, refundable: false },
      },
    });
  });

  it('a daily rate in the file wins over DAILY_RATE_CENTS', async () => {
    await withFile('{"dailyRateCents": 9900}', (file) =>
      expect(loadPricing(defaults, file).dailyRateCents).toBe(9900),
    );
  });

  it('refuses a broken file, naming every problem', async () => {
    await withFile(
      '{"dailyRateCents": -1, "seasons": [{"label": "Summer", "from": "13-01", "to": "08-31", "dailyRateCents": 1}]}',
      (file) =>
        expect(() => loadPricing(defaults, file)).toThrow(
          /dailyRateCents[\s\S]*seasons\.0\.from: a day of the year as MM-DD/,
        ),
    );
    await withFile('{ not json', (file) =>
      expect(() => loadPricing(defaults, file)).toThrow(/not valid JSON/),
    );
    await withFile(
      '{"cancellationPolicy": [{"daysBeforeStart": 7, "refundPercent": 50}, {"daysBeforeStart": 7, "refundPercent": 80}]}',
      (file) => expect(() => loadPricing(defaults, file)).toThrow(/same daysBeforeStart/),
    );
  });
});
