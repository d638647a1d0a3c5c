import { asc, eq } from 'drizzle-orm';
import { quoteStay } from '../../../shared/group-pricing.js';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text.js';
import { formatMoney, reservationAmountCents } from '../../../shared/pricing.js';
import { buildApp } from '../../app.js';
import { documents, ledgerEntries, reservations } from '../../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../payment-providers/sandbox.js';
import { loadPricing } from '../../pricing-content.js';
import { getOrCreateSecret } from '../../secrets.js';
import {
  BY_THE_DAY,
  CapturingMailer,
  TestClient,
  memberWithAccount,
  reserveDays,
  testConfig,
  useTestApp,
} from '../../testing/harness.js';
import { goodCard, sandboxCheckout } from '../../testing/sandbox-checkout.js';

const ENV = {
  DAILY_RATE_CENTS: '10000',
  CURRENCY: 'EUR',
  FACILITY_TIMEZONE: 'America/Chicago',
};
const t = useTestApp(ENV);

/** anna (of "Church anna") and her request for `length` days from ten days ahead. */
async function annasRequest(length: number) {
  const { client } = await memberWithAccount(t, 'anna');
  const { id, first, last } = await reserveDays(t, client, 10, length, 'Autumn retreat');
  return { client, id, first, last };
}

/** Delivers a signed sandbox webhook to `app` (the test's app unless another is given). */
async function deliver(
  data: { reservationId: number; amountCents: number; currency: string },
  id: string,
  app = t.app,
) {
  const secret = await getOrCreateSecret(t.db, 'sandbox-webhook');
  const payload = JSON.stringify({
    id,
    type: 'payment.succeeded',
    data: { ...data, reference: `ref_${id}` },
  });
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, payload),
    },
    payload,
  });
}

const ledger = () => t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));

describe('pricing (unit)', () => {
  it('the amount is the inclusive day count times the daily rate', () => {
    expect(
      reservationAmountCents('2030-03-10T00:00:00.000Z', '2030-03-10T23:59:59.999Z', 10000),
    ).toBe(10000);
    expect(
      reservationAmountCents('2030-03-10T00:00:00.000Z', '2030-03-12T23:59:59.999Z', 10000),
    ).toBe(30000);
    expect(
      reservationAmountCents('2030-03-10T00:00:00.000Z', '2030-03-12T23:59:59.999Z', 15000),
    ).toBe(45000);
    // Across a month end, a leap day and a daylight-saving change.
    expect(
      reservationAmountCents('2028-02-27T00:00:00.000Z', '2028-03-01T23:59:59.999Z', 100),
    ).toBe(400);
    expect(
      reservationAmountCents('2030-03-09T00:00:00.000Z', '2030-03-11T23:59:59.999Z', 100),
    ).toBe(300);
    expect(
      reservationAmountCents('2030-12-31T00:00:00.000Z', '2031-01-01T23:59:59.999Z', 100),
    ).toBe(200);
  });

  it('formats money in the currency given', () => {
    expect(formatMoney(45000, 'USD')).toBe('$450.00');
    expect(formatMoney(30000, 'EUR')).toBe('€300.00');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
  });

  it('the shipped content/pricing.json prices a group per person, with its cancellation policy', () => {
    const rules = loadPricing({ dailyRateCents: 10000, currency: 'EUR' });
    expect(rules).toMatchObject({
      dailyRateCents: 0,
      currency: 'EUR',
      seasons: [],
      weekdayRates: [],
    });
    expect(rules.cancellationPolicy).toEqual([
      { daysBeforeStart: 30, refundPercent: 100 },
      { daysBeforeStart: 14, refundPercent: 50 },
    ]);
    // Across a year end and a leap day: the minimum of 12 guests per night, no day-rate line.
    for (const [first, last, nights] of [
      ['2030-12-30', '2031-01-02', 3],
      ['2028-02-27', '2028-03-05', 7],
    ] as const) {
      const q = quoteStay(rules, first, last);
      expect(q.lines, `${first}…${last}`).toEqual([
        {
          label: `Lodging: 12 guests × ${nights} nights`,
          quantity: 12 * nights,
          unitCents: 6500,
          amountCents: 12 * nights * 6500,
        },
      ]);
    }
  });
});

describe('DAILY_RATE_CENTS=10000, CURRENCY=EUR', () => {
  it('the config reports the rate and the currency', async () => {
    const { client } = await annasRequest(1);
    expect((await client.get('/api/payments/config')).json()).toEqual({
      provider: 'sandbox',
      dailyRateCents: 10000,
      currency: 'EUR',
    });
  });

  it('the price is fixed on the reservation when it is requested', async () => {
    const { client, id } = await annasRequest(3);
    const mine = (await client.get('/api/reservations/my-reservations')).json() as {
      id: number;
    }[];
    expect(mine.find((r) => r.id === id)).toMatchObject({
      priceCents: 30000,
      currency: 'EUR',
      paidCents: 0,
      refundedCents: 0,
      accountName: 'Church anna',
    });
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, id));
    expect(row).toMatchObject({ priceCents: 30000, currency: 'EUR' });
  });

  it('a later change of the daily rate does not change what a requested reservation costs', async () => {
    const { client, id } = await annasRequest(3);
    // The house raises its rate and restarts: another app on the same database.
    const raised = await buildApp({
      config: testConfig({ ...ENV, DAILY_RATE_CENTS: '20000' }),
      database: t.database,
      mailer: new CapturingMailer(),
      logger: false,
      pricing: BY_THE_DAY,
      agreement: null,
    });
    try {
      await raised.ready();
      const same = new TestClient(raised);
      same.cookies = new Map(client.cookies);
      expect((await same.get('/api/payments/config')).json()).toMatchObject({
        dailyRateCents: 20000,
      });
      const mine = (await same.get('/api/reservations/my-reservations')).json() as {
        id: number;
      }[];
      expect(mine.find((r) => r.id === id)).toMatchObject({ priceCents: 30000, currency: 'EUR' });

      // The form asks for the price of the request, not of today's rate.
      const checkout = await sandboxCheckout(same, id);
      const form = await same.get(checkout.url);
      expect(form.statusCode, form.body).toBe(200);
      expect(form.body).toContain('€300.00');
      expect(form.body).not.toContain('€600.00');

      // A payment at today's rate is given back; the fixed price pays.
      const atNewRate = await deliver(
        { reservationId: id, amountCents: 60000, currency: 'EUR' },
        'evt_new_rate',
        raised,
      );
      expect(atNewRate.json()).toEqual({ received: true, outcome: 'refunded' });
      const atOldRate = await deliver(
        { reservationId: id, amountCents: 30000, currency: 'EUR' },
        'evt_fixed_price',
        raised,
      );
      expect(atOldRate.json()).toEqual({ received: true, outcome: 'paid' });
    } finally {
      await raised.close();
    }
    expect((await ledger()).map((e) => [e.kind, e.amountCents, e.eventId])).toEqual([
      ['charge', 60000, 'evt_new_rate'],
      ['refund', 60000, expect.any(String)],
      ['charge', 30000, 'evt_fixed_price'],
    ]);
  });

  it('the checkout, the form, the charge, the ledger and the receipt all use days × rate in EUR', async () => {
    const { client, id, first, last } = await annasRequest(3);
    const checkout = await sandboxCheckout(client, id);
    expect(checkout.url).toEqual(
      expect.stringMatching(new RegExp(`^/pay/sandbox\\?reservationId=${id}&number=3&token=.+`)),
    );
    const form = await client.get(checkout.url);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.body).toContain('€300.00');

    const charged = await client.post('/pay/sandbox/charge', goodCard(checkout.token));
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json()).toEqual({ status: 'succeeded' });
    const entries = await ledger();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'charge',
      reservationId: id,
      amountCents: 30000,
      currency: 'EUR',
    });
    expect((await client.get('/api/payments')).json()).toEqual([
      expect.objectContaining({ kind: 'charge', amountCents: 30000, currency: 'EUR' }),
    ]);

    const [receipt] = await t.db.select().from(documents);
    expect(receipt!.kind).toBe('receipt');
    const text = await pdfText(Buffer.from(receipt!.content));
    expect(text).toContain('€300.00');
    expect(text).toContain('€100.00');
    expect(text).toContain(`${first} to ${last}`);
    expect(t.mailer.sent.find((m) => m.attachments?.length)?.text).toContain('€300.00');
  });

  it('a webhook in dollars, or at another rate, is recorded and refunded at once; euros at the price pay', async () => {
    const { client, id } = await annasRequest(2);
    for (const [amountCents, currency] of [
      [20000, 'USD'],
      [30000, 'EUR'],
    ] as const) {
      const res = await deliver(
        { reservationId: id, amountCents, currency },
        `evt_${amountCents}_${currency}`,
      );
      expect(res.statusCode, `${amountCents} ${currency}`).toBe(200);
      expect(res.json(), `${amountCents} ${currency}`).toEqual({
        received: true,
        outcome: 'refunded',
      });
    }
    const statusOf = async () =>
      (
        (await client.get('/api/reservations/my-reservations')).json() as {
          id: number;
          paymentStatus: string;
        }[]
      ).find((r) => r.id === id)?.paymentStatus;
    expect(await statusOf()).toBe('unpaid');
    // Each given back in full, in the currency it came in.
    expect((await ledger()).map((e) => [e.kind, e.amountCents, e.currency])).toEqual([
      ['charge', 20000, 'USD'],
      ['refund', 20000, 'USD'],
      ['charge', 30000, 'EUR'],
      ['refund', 30000, 'EUR'],
    ]);

    // The currency's case does not matter.
    const res = await deliver({ reservationId: id, amountCents: 20000, currency: 'eur' }, 'evt_ok');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await statusOf()).toBe('paid');
    expect((await ledger()).at(-1)).toMatchObject({
      kind: 'charge',
      amountCents: 20000,
      currency: 'EUR',
    });
  });
});
