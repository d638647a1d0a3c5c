import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, documents, ledgerEntries } from '../db/schema.js';
import { getOrCreateSecret } from '../secrets.js';
import {
  TestClient,
  adminClient,
  memberWithAccount,
  paymentStatusOf,
  reserveDays,
  useTestApp,
} from '../testing/harness.js';
import {
  expectNothingPaid,
  goodCard,
  pdfMails,
  sandboxCheckout,
} from '../testing/sandbox-checkout.js';
import { createCheckoutToken, type CheckoutClaims } from './checkout-token.js';
import { expiryIsFuture, parseExpiry } from './sandbox-pages.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

/** A token signed with the server's own key, with the claims given. */
async function signedToken(claims: CheckoutClaims) {
  return createCheckoutToken(await getOrCreateSecret(t.db, 'sandbox-checkout'), claims);
}

/** anna's three days ($450.00) and a token for them, signed with the server's key but expired. */
async function expiredCheckout() {
  const { client, user } = await memberWithAccount(t, 'anna');
  const r = await reserveDays(t, client, 10, 3);
  const token = await signedToken({
    reservationId: r.id,
    userId: user.id,
    amountCents: 45000,
    currency: 'USD',
    exp: Math.floor(Date.now() / 1000) - 1,
  });
  return { client, r, token };
}

const inHalfAnHour = () => Math.floor(Date.now() / 1000) + 1800;

const charges = () => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'charge'));

describe('GET /pay/sandbox (the hosted card form)', () => {
  it("shows the token's amount and the day count to the member it was made for", async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const { url, token, number } = await sandboxCheckout(client, r.id);
    expect(number).toBe(3);
    const res = await client.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toContain('$450.00');
    expect(res.body).toContain('3 days');
    expect(res.body).toContain(`data-reservation-id="${r.id}"`);
    expect(res.body).toContain(`data-token="${token}"`);
    expect(res.body).toContain('name="cardNumber"');
    expect(res.body).toContain('/pay/sandbox/form.js');

    const one = await reserveDays(t, client, 20, 1);
    const oneForm = await client.get((await sandboxCheckout(client, one.id)).url);
    expect(oneForm.body).toContain('$150.00');
    expect(oneForm.body).toContain('1 day ');
  });

  it('the amount comes from the signed token, not from the day count in the url', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const { token } = await sandboxCheckout(client, r.id);
    const res = await client.get(
      `/pay/sandbox?reservationId=${r.id}&number=1&token=${encodeURIComponent(token)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('$450.00');
    expect(res.body).not.toContain('$150.00');
  });

  it('anyone but the member the token was made for gets a 404 page with no amount', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { client: bob } = await memberWithAccount(t, 'bob');
    const { client: admin } = await adminClient(t);
    const r = await reserveDays(t, client, 10, 3);
    const { url, token } = await sandboxCheckout(client, r.id);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const pages = {
      visitor: await t.app.inject({ method: 'GET', url }),
      'another member': await bob.get(url),
      administrator: await admin.get(url),
      'forged token': await client.get(
        `/pay/sandbox?reservationId=${r.id}&number=3&token=${encodeURIComponent(forged)}`,
      ),
      'garbled token': await client.get(`/pay/sandbox?reservationId=${r.id}&number=3&token=x.y`),
    };
    for (const [who, res] of Object.entries(pages)) {
      expect(res.statusCode, who).toBe(404);
      expect(res.headers['content-type'], who).toMatch(/^text\/html/);
      expect(res.body, who).not.toContain('$450.00');
      expect(res.body, who).not.toContain('data-token');
      expect(res.body, who).not.toContain('name="cardNumber"');
    }
  });

  it('an expired token shows that the form has expired, with no amount', async () => {
    const { client, r, token } = await expiredCheckout();
    const res = await client.get(
      `/pay/sandbox?reservationId=${r.id}&number=3&token=${encodeURIComponent(token)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/expired/);
    expect(res.body).not.toContain('$450.00');
    expect(res.body).not.toContain('data-token');
  });

  it('refuses a missing or malformed query with 400 and reflects nothing', async () => {
    for (const q of [
      '',
      'reservationId=1',
      'number=2',
      'reservationId=1&number=2',
      'token=abc',
      'reservationId=1&number=0&token=abc',
      'reservationId=1&number=367&token=abc',
      'reservationId=abc&number=2&token=abc',
      'reservationId=%3Cscript%3E&number=1&token=abc',
      'reservationId=1&number=2&token=',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.body).not.toContain('<script>');
    }
  });

  it('does not reflect a token with markup in it', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const res = await client.get(
      `/pay/sandbox?reservationId=1&number=1&token=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script>alert');
  });

  it('serves its scripts and stylesheet', async () => {
    for (const [url, type] of [
      ['/pay/embed.js', /^text\/javascript/],
      ['/pay/sandbox/form.js', /^text\/javascript/],
      ['/pay/sandbox/form.css', /^text\/css/],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
      expect(res.body.length, url).toBeGreaterThan(0);
    }
  });
});

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
  it('the test card pays: paid status, a ledger charge, a receipt document and a mail to the primary contact', async () => {
    const { client, account } = await memberWithAccount(t, 'anna');
    await t.db
      .update(accounts)
      .set({ primaryContactEmail: 'treasurer@church.test' })
      .where(eq(accounts.id, account.id));
    const r = await reserveDays(t, client, 10, 3);
    // The frame the Payments page shows, then the form's post.
    const { url, token } = await sandboxCheckout(client, r.id);
    const frame = await client.get(url);
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('$450.00');

    const res = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded' });

    expect(await paymentStatusOf(client, r.id)).toBe('paid');
    // Paying again with the same token is refused: no second charge.
    const again = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Nothing is owed on this reservation any more.',
      code: 'nothing_owed',
    });
    const rows = await t.db.select().from(ledgerEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'charge',
      reservationId: r.id,
      accountId: account.id,
      provider: 'sandbox',
      amountCents: 45000,
      currency: 'USD',
    });
    expect(rows[0]!.reference).toMatch(/^sbx_/);

    const docs = (await client.get('/api/documents')).json() as {
      id: number;
      kind: string;
      description: string;
      reservationId: number | null;
    }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]!.kind).toBe('receipt');
    expect(docs[0]!.description).toContain(`Reservation ID: ${r.id}`);
    expect(docs[0]!.reservationId).toBe(r.id);
    expect(rows[0]!.documentId).toBe(docs[0]!.id);

    const mails = pdfMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('treasurer@church.test');
    expect(mails[0]!.text).toContain('$450.00');
    const pdf = mails[0]!.attachments!.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');

    // The receipt opens through the documents' signed link, inline for a new tab.
    const link = (
      await client.get(`/api/documents/${docs[0]!.id}/download?disposition=inline`)
    ).json() as { downloadUrl: string };
    const file = await t.app.inject({ method: 'GET', url: link.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(Buffer.from(file.rawPayload).equals(pdf.content)).toBe(true);

    // Paying is over: the checkout now refuses.
    const closed = await client.post(`/api/payments/${r.id}/checkout`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('not_payable');
  });

  it("mails the user's own email when the account has no primary contact email", async () => {
    const { client } = await memberWithAccount(t, 'anna', 'anna@example.org');
    const r = await reserveDays(t, client, 10, 2);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
    expect(pdfMails(t).map((m) => m.to)).toEqual(['anna@example.org']);
  });

  it('needs the CSRF header: without it, or with another value, 403 csrf_failed and nothing is paid', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    // The member's own cookies (session and XSRF-TOKEN), but no header.
    const noHeader = new TestClient(t.app, { csrf: false });
    noHeader.cookies = new Map(client.cookies);
    const missing = await noHeader.post('/pay/sandbox/charge', goodCard(token));
    expect(missing.statusCode, missing.body).toBe(403);
    expect(missing.json()).toEqual({ message: expect.any(String), code: 'csrf_failed' });
    const forged = await client.request({
      method: 'POST',
      url: '/pay/sandbox/charge',
      payload: goodCard(token),
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode, forged.body).toBe(403);
    expect(forged.json().code).toBe('csrf_failed');
    await expectNothingPaid(t, client, r.id);
    // With the header, the same member and token pay.
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
  });

  it('a visitor, another member, or a forged or garbled token: the same 404, nothing written', async () => {
    const { client, user } = await memberWithAccount(t, 'anna');
    const { client: bob } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, client, 10, 3);
    const { token } = await sandboxCheckout(client, r.id);
    const [body] = token.split('.');
    // A token for a cheaper price, signed with some other key.
    const cheap = Buffer.from(JSON.stringify([r.id, user.id, 100, 'USD', inHalfAnHour()])).toString(
      'base64url',
    );
    const answers = {
      visitor: await new TestClient(t.app).post('/pay/sandbox/charge', goodCard(token)),
      'another member': await bob.post('/pay/sandbox/charge', goodCard(token)),
      'forged signature': await client.post(
        '/pay/sandbox/charge',
        goodCard(`${body}.${'A'.repeat(43)}`),
      ),
      'changed claims': await client.post(
        '/pay/sandbox/charge',
        goodCard(`${cheap}.${token.split('.')[1]}`),
      ),
      garbled: await client.post('/pay/sandbox/charge', goodCard('not-a-token')),
      'extra part': await client.post('/pay/sandbox/charge', goodCard(`${token}.x`)),
    };
    const first = answers.visitor.json() as unknown;
    for (const [who, res] of Object.entries(answers)) {
      expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
      expect(res.json(), who).toEqual(first);
    }
    expect(first).toEqual({ message: expect.any(String), code: 'not_found' });
    await expectNothingPaid(t, client, r.id);
  });

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

  it('a token for an amount that is not what is owed answers 409 nothing_owed and nothing is paid', async () => {
    const { client, user } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    for (const [amountCents, currency] of [
      [15000, 'USD'],
      [45001, 'USD'],
      [45000, 'EUR'],
    ] as const) {
      const token = await signedToken({
        reservationId: r.id,
        userId: user.id,
        amountCents,
        currency,
        exp: inHalfAnHour(),
      });
      const res = await client.post('/pay/sandbox/charge', goodCard(token));
      expect(res.statusCode, `${amountCents} ${currency}`).toBe(409);
      expect(res.json().code).toBe('nothing_owed');
    }
    await expectNothingPaid(t, client, r.id);
  });

  it('a reservation cancelled after the form opened is refused with 409 nothing_owed, nothing paid', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    const res = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('nothing_owed');
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('a token of an unknown or deleted reservation answers 404 and nothing is written', async () => {
    const { client: admin } = await adminClient(t);
    const { client, user } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBeLessThan(300);
    const unknown = await signedToken({
      reservationId: 999999,
      userId: user.id,
      amountCents: 45000,
      currency: 'USD',
      exp: inHalfAnHour(),
    });
    for (const tok of [token, unknown]) {
      const res = await client.post('/pay/sandbox/charge', goodCard(tok));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('charging a paid reservation again never records a second charge or receipt', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
    const again = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('nothing_owed');
    expect(await charges()).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(pdfMails(t)).toHaveLength(1);
  });
});
