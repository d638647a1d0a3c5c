import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../../shared/dates.js';
import { formatMoney, reservationAmountCents } from '../../../shared/pricing.js';
import { documents, payments } from '../../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../payments/sandbox.js';
import { getOrCreateSecret } from '../../secrets.js';
import { createAccount, loggedInClient, useTestApp } from '../../testing/harness.js';

const t = useTestApp({
  DAILY_RATE_CENTS: '10000',
  CURRENCY: 'EUR',
  FACILITY_TIMEZONE: 'America/Chicago',
});

async function pdfText(pdf: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'receipt-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('/usr/bin/pdftotext', [
      '-layout',
      '-enc',
      'UTF-8',
      file,
      '-',
    ]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function reserveDays(length: number) {
  const account = await createAccount(t.db, 'Church anna');
  const { client } = await loggedInClient(t, {
    username: 'anna',
    email: 'anna@example.org',
    accountId: account.id,
  });
  const first = addDays(todayIn('America/Chicago'), 10);
  const last = addDays(first, length - 1);
  const res = await client.post('/api/reservations', {
    startTime: startTimeOf(first),
    endTime: endTimeOf(last),
    eventName: 'Autumn retreat',
    eventDescription: 'Choir weekend',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client, id: (res.json() as { id: number }).id, first, last };
}

function futureExpiry() {
  const d = new Date();
  return `12/${String((d.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
}

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
});

describe('DAILY_RATE_CENTS=10000, CURRENCY=EUR', () => {
  it('the config reports the rate and the currency', async () => {
    const { client } = await reserveDays(1);
    expect((await client.get('/api/payments/config')).json()).toEqual({
      provider: 'sandbox',
      dailyRateCents: 10000,
      currency: 'EUR',
    });
  });

  it('the checkout, the form, the charge, the payment and the receipt all use days × rate in EUR', async () => {
    const { client, id, first, last } = await reserveDays(3);
    const checkout = (await client.post(`/api/payments/${id}/checkout`)).json() as { url: string };
    expect(checkout.url).toBe(`/pay/sandbox?reservationId=${id}&number=3`);
    const form = await t.app.inject({ method: 'GET', url: checkout.url });
    expect(form.body).toContain('€300.00');

    const charged = await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/charge',
      payload: {
        reservationId: id,
        number: 3,
        cardNumber: '4242424242424242',
        expiry: futureExpiry(),
        cvc: '999',
      },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const [payment] = await t.db.select().from(payments);
    expect(payment).toMatchObject({ reservationId: id, amountCents: 30000, currency: 'EUR' });
    expect((await client.get('/api/payments')).json()).toEqual([
      expect.objectContaining({ amountCents: 30000, currency: 'EUR' }),
    ]);

    const [receipt] = await t.db.select().from(documents);
    const text = await pdfText(Buffer.from(receipt!.content));
    expect(text).toContain('€300.00');
    expect(text).toContain('€100.00');
    expect(text).toContain(`${first} to ${last}`);
  });

  it('a webhook in dollars, or with the old rate, is refused', async () => {
    const { client, id } = await reserveDays(2);
    const secret = await getOrCreateSecret(t.db, 'sandbox-webhook');
    for (const [amountCents, currency] of [
      [20000, 'USD'],
      [30000, 'EUR'],
    ] as const) {
      const payload = JSON.stringify({
        id: `evt_${amountCents}_${currency}`,
        type: 'payment.succeeded',
        data: { reservationId: id, amountCents, currency, reference: 'ref' },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, payload),
        },
        payload,
      });
      expect(res.statusCode, `${amountCents} ${currency}`).toBe(400);
    }
    const ok = JSON.stringify({
      id: 'evt_ok',
      type: 'payment.succeeded',
      data: { reservationId: id, amountCents: 20000, currency: 'eur', reference: 'ref' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, ok),
      },
      payload: ok,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await client.get('/api/reservations/my-reservations')).json() as {
      id: number;
      paymentStatus: string;
    }[];
    expect(mine.find((r) => r.id === id)?.paymentStatus).toBe('paid');
  });
});
