import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, documents, payments } from '../db/schema.js';
import { TestClient, memberWithAccount, reserveDays, useTestApp } from '../testing/harness.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

const member = memberWithAccount;

const reserve = (client: TestClient, offset?: number, length?: number, eventName?: string) =>
  reserveDays(t, client, offset, length, eventName);

/** A card expiry one year ahead, as MM/YY. */
function futureExpiry() {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

/** What the sandbox form posts: JSON, from the frame, without a session. */
function charge(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/pay/sandbox/charge', payload: body });
}

const good = (reservationId: number, number = 3) => ({
  reservationId,
  number,
  cardNumber: '4242 4242 4242 4242',
  expiry: futureExpiry(),
  cvc: '123',
});

const paymentStatusOf = async (client: TestClient, id: number) =>
  (
    (await client.get('/api/reservations/my-reservations')).json() as {
      id: number;
      paymentStatus: string;
    }[]
  ).find((r) => r.id === id)?.paymentStatus;

const receiptMails = () =>
  t.mailer.sent.filter((m) => m.attachments?.some((a) => a.contentType === 'application/pdf'));

async function expectNothingPaid(client: TestClient, reservationId: number) {
  expect(await paymentStatusOf(client, reservationId)).toBe('unpaid');
  expect(await t.db.select().from(payments)).toHaveLength(0);
  expect(await t.db.select().from(documents)).toHaveLength(0);
  expect(receiptMails()).toHaveLength(0);
}

describe('GET /pay/sandbox (the hosted card form)', () => {
  it('shows the amount for the day count in an HTML page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pay/sandbox?reservationId=12&number=3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('$450.00');
    expect(res.body).toContain('3 days');
    expect(res.body).toContain('data-reservation-id="12"');
    expect(res.body).toContain('data-number="3"');
    expect(res.body).toContain('name="cardNumber"');
    expect(res.body).toContain('/pay/sandbox/form.js');

    const one = await t.app.inject({
      method: 'GET',
      url: '/pay/sandbox?reservationId=12&number=1',
    });
    expect(one.body).toContain('$150.00');
    expect(one.body).toContain('1 day ');
  });

  it('refuses a missing or malformed query with 400 and reflects nothing', async () => {
    for (const q of [
      '',
      'reservationId=1',
      'number=2',
      'reservationId=1&number=0',
      'reservationId=1&number=367',
      'reservationId=abc&number=2',
      'reservationId=%3Cscript%3E&number=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.body).not.toContain('<script>');
    }
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

describe('POST /pay/sandbox/charge', () => {
  it('the test card pays: paid status, a payment, a receipt document and a mail to the primary contact', async () => {
    const { client, account } = await member(t, 'anna');
    await t.db
      .update(accounts)
      .set({ primaryContactEmail: 'treasurer@church.test' })
      .where(eq(accounts.id, account.id));
    const r = await reserve(client, 10, 3);
    const checkout = (await client.post(`/api/payments/${r.id}/checkout`)).json() as {
      url: string;
    };
    // The frame the Payments page shows, then the form's post.
    const frame = await t.app.inject({ method: 'GET', url: checkout.url });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('$450.00');
    const number = Number(new URL(checkout.url, 'http://site.test').searchParams.get('number'));
    expect(number).toBe(3);

    const res = await charge(good(r.id, number));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded' });

    expect(await paymentStatusOf(client, r.id)).toBe('paid');
    // Paying again is refused: no second charge, no second payment.
    const again = await charge(good(r.id, number));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This reservation is paid already.');
    const rows = await t.db.select().from(payments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reservationId: r.id,
      provider: 'sandbox',
      amountCents: 45000,
      currency: 'USD',
    });
    expect(rows[0]!.reference).toMatch(/^sbx_/);

    const docs = (await client.get('/api/documents')).json() as {
      id: number;
      description: string;
      reservationId: number | null;
    }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]!.description).toContain(`Reservation ID: ${r.id}`);
    expect(docs[0]!.reservationId).toBe(r.id);

    const mails = receiptMails();
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
    expect((await client.post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(409);
  });

  it("mails the user's own email when the account has no primary contact email", async () => {
    const { client } = await member(t, 'anna', 'anna@example.org');
    const r = await reserve(client, 10, 2);
    expect((await charge(good(r.id, 2))).statusCode).toBe(200);
    expect(receiptMails().map((m) => m.to)).toEqual(['anna@example.org']);
  });

  it("the declined test card answers 402 'Your card was declined.' and nothing is paid", async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    for (const cardNumber of ['4000 0000 0000 0002', '4000000000000002', '4000-0000-0000-0002']) {
      const res = await charge({ ...good(r.id), cardNumber });
      expect(res.statusCode, cardNumber).toBe(402);
      expect(res.json()).toEqual({ message: 'Your card was declined.' });
    }
    await expectNothingPaid(client, r.id);
  });

  it('an expired or malformed card answers 400 and nothing is paid', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expiredLastMonth = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear() % 100).padStart(2, '0')}`;
    const cases: Record<string, Record<string, unknown>> = {
      'expired 01/20': { expiry: '01/20' },
      'expired last month': { expiry: expiredLastMonth },
      'month 13': { expiry: '13/40' },
      'month 00': { expiry: '00/40' },
      'not a date': { expiry: 'soon' },
      'empty expiry': { expiry: '' },
      'short cvc': { cvc: '12' },
      'letters in cvc': { cvc: 'abc' },
      'unknown card': { cardNumber: '1234 5678 9012 3456' },
      'empty card': { cardNumber: '' },
    };
    for (const [label, patch] of Object.entries(cases)) {
      const res = await charge({ ...good(r.id), ...patch });
      expect(res.statusCode, label).toBe(400);
      expect(typeof res.json().message, label).toBe('string');
    }
    for (const body of [
      {},
      { ...good(r.id), reservationId: 'x' },
      { ...good(r.id), number: 0 },
      { ...good(r.id), cardNumber: 5 },
    ]) {
      expect((await charge(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    await expectNothingPaid(client, r.id);
  });

  it('a card expiring this month still works', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    const d = new Date();
    const thisMonth = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    expect((await charge({ ...good(r.id), expiry: thisMonth })).statusCode).toBe(200);
  });

  it('a wrong day count (amount) is refused and nothing is paid', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client, 10, 3);
    for (const number of [1, 2, 4, 366]) {
      const res = await charge(good(r.id, number));
      expect(res.statusCode, String(number)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(number)).toBeLessThan(500);
      expect(res.json().message, String(number)).toMatch(/amount|match/i);
    }
    await expectNothingPaid(client, r.id);
  });

  it('a cancelled or unknown reservation is refused and nothing is paid', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    await client.patch(`/api/reservations/${r.id}/cancel`);
    const cancelled = await charge(good(r.id));
    expect(cancelled.statusCode).toBeGreaterThanOrEqual(400);
    expect(cancelled.statusCode).toBeLessThan(500);
    const unknown = await charge(good(999999));
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    expect(await t.db.select().from(payments)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('charging a paid reservation again never records a second payment or receipt', async () => {
    const { client } = await member(t, 'anna');
    const r = await reserve(client);
    expect((await charge(good(r.id))).statusCode).toBe(200);
    const again = await charge(good(r.id));
    expect(again.statusCode).toBeLessThan(500);
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(receiptMails()).toHaveLength(1);
  });
});
