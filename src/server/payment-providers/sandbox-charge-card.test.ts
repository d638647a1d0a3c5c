// The card typed into the sandbox's form: how its expiry reads, and the declined
// test card, an expired or malformed card and an expired form, refused with nothing paid.
import { describe, expect, it } from 'vitest';
import { memberWithAccount, paymentStatusOf, reserveDays } from '../testing/harness.js';
import { expectNothingPaid, goodCard, sandboxCheckout } from '../testing/sandbox-checkout.js';
import { expiryIsFuture, parseExpiry } from './sandbox-pages.js';
import { useSandboxApp } from './sandbox.testing.js';

const { t, expiredCheckout, charges } = useSandboxApp();

describe('card expiry (unit)', () => {
  it('reads MM/YY, MM/YYYY and the four digits MMYY', () => {
    expect(parseExpiry('1230')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12 / 2030')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/31')).toEqual({ month: 1, year: 2031 });
    for (const bad of ['', 'soon', '13/40', '00/40', '12/3', '12/303']) {
      expect(parseExpiry(bad), bad).toBeNull();
    }
  });

  it('a card is valid through the last day of its month', () => {
    const now = new Date(Date.UTC(2030, 11, 31, 23, 0));
    expect(expiryIsFuture('1230', now)).toBe(true);
    expect(expiryIsFuture('12/30', now)).toBe(true);
    expect(expiryIsFuture('11/30', now)).toBe(false);
    expect(expiryIsFuture('01/31', now)).toBe(true);
  });
});

describe('POST /pay/sandbox/charge', () => {
  it('the declined test card answers 402 card_declined and nothing is paid', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    for (const cardNumber of ['4000 0000 0000 0002', '4000000000000002', '4000-0000-0000-0002']) {
      const res = await client.post('/pay/sandbox/charge', { ...goodCard(token), cardNumber });
      expect(res.statusCode, cardNumber).toBe(402);
      expect(res.json()).toEqual({ message: 'Your card was declined.', code: 'card_declined' });
    }
    await expectNothingPaid(t, client, r.id);
  });

  it('an expired or malformed card answers 400 with the field in the code, and nothing is paid', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expiredLastMonth = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear() % 100).padStart(2, '0')}`;
    const cases: Record<string, [Record<string, unknown>, string]> = {
      'expired 01/20': [{ expiry: '01/20' }, 'card_expiry'],
      'expired last month': [{ expiry: expiredLastMonth }, 'card_expiry'],
      'month 13': [{ expiry: '13/40' }, 'card_expiry'],
      'month 00': [{ expiry: '00/40' }, 'card_expiry'],
      'not a date': [{ expiry: 'soon' }, 'card_expiry'],
      'empty expiry': [{ expiry: '' }, 'card_expiry'],
      'short cvc': [{ cvc: '12' }, 'card_cvc'],
      'letters in cvc': [{ cvc: 'abc' }, 'card_cvc'],
      'unknown card': [{ cardNumber: '1234 5678 9012 3456' }, 'card_number'],
      'empty card': [{ cardNumber: '' }, 'card_number'],
      'letters in card': [{ cardNumber: '4242 4242 4242 424x' }, 'card_number'],
    };
    for (const [label, [patch, code]] of Object.entries(cases)) {
      const res = await client.post('/pay/sandbox/charge', { ...goodCard(token), ...patch });
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({ message: expect.any(String), code });
    }
    for (const body of [
      {},
      { ...goodCard(token), token: undefined },
      { ...goodCard(token), token: '' },
      { ...goodCard(token), cardNumber: 5 },
      { ...goodCard(token), expiry: undefined },
    ]) {
      const res = await client.post('/pay/sandbox/charge', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe('validation_failed');
    }
    await expectNothingPaid(t, client, r.id);
  });

  it('a card expiring this month still works', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    const d = new Date();
    const thisMonth = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    expect(
      (await client.post('/pay/sandbox/charge', { ...goodCard(token), expiry: thisMonth }))
        .statusCode,
    ).toBe(200);
  });

  it('the expiry typed as four digits (1230 is 12/30) is accepted', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    // 1230 is December 2030; once that is past, the same four digits three years ahead.
    const yy = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
    const expiry = expiryIsFuture('1230') ? '1230' : `12${yy}`;
    const res = await client.post('/pay/sandbox/charge', { ...goodCard(token), expiry });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
    expect(await charges()).toHaveLength(1);
  });

  it('an expired token answers 400 link_expired and nothing is paid', async () => {
    const { client, r, token } = await expiredCheckout();
    const res = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('link_expired');
    await expectNothingPaid(t, client, r.id);
  });
});
