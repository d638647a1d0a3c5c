import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, documents, ledgerEntries, reservations } from '../../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../payments/sandbox.js';
import { getOrCreateSecret } from '../../secrets.js';
import {
  expectNothingPaid,
  goodCard,
  pdfMails,
  sandboxCheckout,
} from '../../testing/sandbox-checkout.js';
import {
  TestClient,
  adminClient,
  loggedInClient,
  memberWithAccount,
  myReservation,
  paymentStatusOf,
  reserveDays,
  useTestApp,
  type MyReservation,
} from '../../testing/harness.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

interface EventOptions {
  reservationId: number;
  amountCents: number;
  currency?: string;
  id?: string;
  type?: string;
}

function sandboxEvent(o: EventOptions) {
  return JSON.stringify({
    id: o.id ?? `evt_${randomBytes(8).toString('hex')}`,
    type: o.type ?? 'payment.succeeded',
    data: {
      reservationId: o.reservationId,
      amountCents: o.amountCents,
      currency: o.currency ?? 'USD',
      reference: `ref_${randomBytes(4).toString('hex')}`,
    },
  });
}

const webhookSecret = () => getOrCreateSecret(t.db, 'sandbox-webhook');

/** Posts to the webhook like the provider would: no cookies, no CSRF header. */
function deliver(payload: string, signature: string | undefined, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }),
    },
    payload,
  });
}

async function deliverSigned(payload: string, timestamp?: number) {
  return deliver(payload, signSandboxPayload(await webhookSecret(), payload, timestamp));
}

/** Every ledger entry, oldest first; `kind` keeps only charges or only refunds. */
async function ledger(kind?: 'charge' | 'refund') {
  const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
  return kind ? rows.filter((e) => e.kind === kind) : rows;
}

describe('GET /api/payments/config', () => {
  it('answers the provider, the daily rate and the currency', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const res = await client.get('/api/payments/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', dailyRateCents: 15000, currency: 'USD' });
  });

  it('needs a login', async () => {
    const res = await new TestClient(t.app).get('/api/payments/config');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'unauthenticated' });
  });
});

describe('POST /api/payments/{reservationId}/checkout', () => {
  it('gives the owner the sandbox frame with the inclusive day count and a signed token', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    for (const length of [1, 3, 7]) {
      const r = await reserveDays(t, client, 10 + length * 10, length);
      const res = await client.post(`/api/payments/${r.id}/checkout`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        kind: 'frame',
        url: expect.stringMatching(
          new RegExp(`^/pay/sandbox\\?reservationId=${r.id}&number=${length}&token=[\\w.%-]+$`),
        ),
        scriptUrl: '/pay/embed.js',
      });
    }
  });

  it('works for an approved, unpaid reservation too', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    expect(
      (await admin.patch(`/api/reservations/${r.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    expect((await client.post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(200);
  });

  it("answers 404 for another member's reservation and for a missing one", async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, a);
    const other = await b.post(`/api/payments/${r.id}/checkout`);
    expect(other.statusCode).toBe(404);
    const missing = await b.post('/api/payments/999999/checkout');
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json().code).toBe('not_found');
    // Not even an administrator pays for someone else's reservation.
    const { client: admin } = await adminClient(t);
    expect((await admin.post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(404);
  });

  it('answers 409 not_payable for a paid, cancelled or rejected reservation', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'anna');
    const paid = await reserveDays(t, client, 10, 3);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: paid.id, amountCents: 45000 }))).json(),
    ).toEqual({ received: true, outcome: 'paid' });
    const cancelled = await reserveDays(t, client, 20, 1);
    expect((await client.patch(`/api/reservations/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const rejected = await reserveDays(t, client, 30, 1);
    expect(
      (await admin.patch(`/api/reservations/${rejected.id}/status`, { status: 'rejected' }))
        .statusCode,
    ).toBe(200);
    for (const r of [paid, cancelled, rejected]) {
      const res = await client.post(`/api/payments/${r.id}/checkout`);
      expect(res.statusCode, String(r.id)).toBe(409);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_payable' });
    }
  });

  it('needs a login and the CSRF header', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    expect((await new TestClient(t.app).post(`/api/payments/${r.id}/checkout`)).statusCode).toBe(
      401,
    );
    const forged = await client.request({
      method: 'POST',
      url: `/api/payments/${r.id}/checkout`,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('csrf_failed');
  });
});

describe('POST /api/payments/webhook (sandbox)', () => {
  it('a signed event pays the reservation, stores a ledger charge and a receipt, and mails it', async () => {
    const { client, user, account } = await memberWithAccount(t, 'anna');
    await t.db
      .update(accounts)
      .set({ primaryContactEmail: 'treasurer@church.test' })
      .where(eq(accounts.id, account.id));
    const r = await reserveDays(t, client, 10, 3, 'Spring retreat');
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000, id: 'evt_first' });
    const res = await deliverSigned(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'paid' });

    expect(await myReservation(client, r.id)).toMatchObject({
      paymentStatus: 'paid',
      priceCents: 45000,
      currency: 'USD',
      paidCents: 45000,
      refundedCents: 0,
      accountName: 'Church anna',
    });
    const entries = await ledger();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'charge',
      reservationId: r.id,
      accountId: account.id,
      provider: 'sandbox',
      eventId: 'evt_first',
      amountCents: 45000,
      currency: 'USD',
      eventName: 'Spring retreat',
      firstDay: r.first,
      lastDay: r.last,
      reason: null,
    });

    const docs = (await client.get('/api/documents')).json() as {
      id: number;
      kind: string;
      description: string;
      reservationId: number | null;
      fileName: string;
      accountId: number;
      uploader: unknown;
    }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]!.description).toContain(`Reservation ID: ${r.id}`);
    expect(docs[0]).toMatchObject({
      kind: 'receipt',
      reservationId: r.id,
      accountId: account.id,
      uploader: null,
    });
    expect(docs[0]!.fileName).toMatch(/\.pdf$/);
    // The charge points at its receipt.
    expect(entries[0]!.documentId).toBe(docs[0]!.id);

    const mails = pdfMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('treasurer@church.test');
    expect(mails[0]!.to).not.toBe(user.email);
    const attachment = mails[0]!.attachments![0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toMatch(/\.pdf$/);
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The mailed receipt is the stored one.
    const [row] = await t.db.select().from(documents);
    expect(Buffer.from(row!.content).equals(attachment.content)).toBe(true);
    expect(row!.fileSize).toBe(attachment.content.length);
  });

  it("mails the receipt to the user's email when the account has no primary contact email", async () => {
    const { client } = await memberWithAccount(t, 'anna', 'anna@example.org');
    const r = await reserveDays(t, client, 10, 2);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 30000 }))).statusCode,
    ).toBe(200);
    expect(pdfMails(t).map((m) => m.to)).toEqual(['anna@example.org']);
  });

  it('answers 400 to a signed event of the wrong shape, changing nothing', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    for (const payload of [
      'null',
      '[]',
      JSON.stringify({ id: 'evt_1', type: 'payment.succeeded' }),
      JSON.stringify({
        id: 'evt_2',
        type: 'payment.succeeded',
        data: { reservationId: 'x', amountCents: 45000, currency: 'USD', reference: 'r' },
      }),
    ]) {
      const res = await deliverSigned(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    await expectNothingPaid(t, client, r.id);
  });

  it('needs no session and no CSRF header, but a valid signature', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000 });
    const secret = await webhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const good = signSandboxPayload(secret, payload, now);
    const bad: Record<string, string | undefined> = {
      missing: undefined,
      empty: '',
      garbage: 'not a signature',
      'no v1': `t=${now}`,
      'no t': good.split(',')[1],
      'other secret': signSandboxPayload('some-other-secret', payload, now),
      'flipped digit': good.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`),
      'other timestamp': good.replace(`t=${now}`, `t=${now - 1}`),
      'signature of another body': signSandboxPayload(
        secret,
        sandboxEvent({ reservationId: r.id, amountCents: 45000 }),
        now,
      ),
    };
    for (const [label, signature] of Object.entries(bad)) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({ message: expect.any(String), code: 'bad_signature' });
    }
    // A body changed after signing.
    const tampered = payload.replace('45000', '45001');
    expect((await deliver(tampered, good)).statusCode).toBe(400);
    expect((await deliver('', good)).statusCode).toBe(400);
    await expectNothingPaid(t, client, r.id);

    // The genuine delivery still works.
    expect((await deliver(payload, good)).statusCode).toBe(200);
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
  });

  it('the same event delivered twice pays once and answers 200 both times', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000, id: 'evt_twice' });
    const first = await deliverSigned(payload);
    const second = await deliverSigned(payload);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    expect(second.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await ledger()).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(pdfMails(t)).toHaveLength(1);
  });

  it('another event for an already paid reservation is recorded and refunded at once', async () => {
    const { client, account } = await memberWithAccount(t, 'anna', 'anna@example.org');
    const r = await reserveDays(t, client, 10, 3, 'Spring retreat');
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }))).json()
        .outcome,
    ).toBe('paid');
    const again = await deliverSigned(
      sandboxEvent({ reservationId: r.id, amountCents: 45000, id: 'evt_again' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, outcome: 'refunded' });

    const charges = await ledger('charge');
    const refunds = await ledger('refund');
    expect(charges).toHaveLength(2);
    expect(charges[1]).toMatchObject({
      eventId: 'evt_again',
      amountCents: 45000,
      reason: expect.stringMatching(/already paid/i),
    });
    // Only the first charge has a receipt.
    expect(charges[1]!.documentId).toBeNull();
    expect(refunds).toEqual([
      expect.objectContaining({
        chargeId: charges[1]!.id,
        reservationId: r.id,
        accountId: account.id,
        amountCents: 45000,
        currency: 'USD',
        documentId: expect.any(Number),
      }),
    ]);
    const docs = await t.db.select().from(documents).orderBy(asc(documents.id));
    expect(docs.map((d) => d.kind)).toEqual(['receipt', 'credit_note']);
    expect(refunds[0]!.documentId).toBe(docs[1]!.id);
    // The reservation stays paid once: what was paid twice is given back once.
    expect(await myReservation(client, r.id)).toMatchObject({
      paymentStatus: 'paid',
      paidCents: 90000,
      refundedCents: 45000,
    });
    // The receipt, then the credit note, both to the church.
    expect(pdfMails(t).map((m) => m.to)).toEqual(['anna@example.org', 'anna@example.org']);
  });

  it('simultaneous deliveries of one event pay once', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000, id: 'evt_race' });
    const signature = signSandboxPayload(await webhookSecret(), payload);
    const results = await Promise.all(Array.from({ length: 6 }, () => deliver(payload, signature)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(results.map((res) => res.json().outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'paid',
    ]);
    expect(await ledger()).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(pdfMails(t)).toHaveLength(1);
  });

  it('simultaneous different events for one reservation pay once; the others are refunded', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const secret = await webhookSecret();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => {
        const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000 });
        return deliver(payload, signSandboxPayload(secret, payload));
      }),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(results.filter((res) => res.json().outcome === 'paid')).toHaveLength(1);
    expect(results.filter((res) => res.json().outcome === 'refunded')).toHaveLength(5);
    expect(await ledger('charge')).toHaveLength(6);
    expect(await ledger('refund')).toHaveLength(5);
    const kinds = (await t.db.select().from(documents)).map((d) => d.kind);
    expect(kinds.filter((k) => k === 'receipt')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'credit_note')).toHaveLength(5);
    expect(await myReservation(client, r.id)).toMatchObject({
      paymentStatus: 'paid',
      paidCents: 6 * 45000,
      refundedCents: 5 * 45000,
    });
  });

  it('a wrong amount or currency is recorded and refunded at once; the reservation stays unpaid', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const wrong = [
      [30000, 'USD'],
      [45001, 'USD'],
      [45000, 'EUR'],
    ] as const;
    for (const [amountCents, currency] of wrong) {
      const res = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents, currency }));
      expect(res.statusCode, `${amountCents} ${currency}`).toBe(200);
      expect(res.json(), `${amountCents} ${currency}`).toEqual({
        received: true,
        outcome: 'refunded',
      });
    }
    const charges = await ledger('charge');
    const refunds = await ledger('refund');
    expect(charges.map((c) => [c.amountCents, c.currency])).toEqual(wrong.map((w) => [...w]));
    for (const c of charges) expect(c.reason).toMatch(/did not match/);
    // Each one given back in full, in the currency it came in.
    expect(refunds.map((e) => [e.chargeId, e.amountCents, e.currency])).toEqual(
      charges.map((c) => [c.id, c.amountCents, c.currency]),
    );
    // No receipt: only credit notes.
    expect((await t.db.select().from(documents)).map((d) => d.kind)).toEqual([
      'credit_note',
      'credit_note',
      'credit_note',
    ]);
    expect(await myReservation(client, r.id)).toMatchObject({
      paymentStatus: 'unpaid',
      paidCents: 75001 + 45000,
      refundedCents: 75001 + 45000,
    });
    // Nothing is held any more, so the right amount still pays.
    const right = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    expect(right.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
  });

  it('a signed event of no money (zero or negative) is refused with 400 and changes nothing', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    for (const amountCents of [0, -45000]) {
      const res = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents }));
      expect(res.statusCode, `${amountCents}: ${res.body}`).toBe(400);
    }
    await expectNothingPaid(t, client, r.id);
  });

  it('a signature older (or newer) than 5 minutes answers 400', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const now = Math.floor(Date.now() / 1000);
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000 });
    expect((await deliverSigned(payload, now - 301)).statusCode).toBe(400);
    expect((await deliverSigned(payload, now - 3600)).statusCode).toBe(400);
    expect((await deliverSigned(payload, now + 301)).statusCode).toBe(400);
    await expectNothingPaid(t, client, r.id);
    // Within the tolerance it is accepted.
    expect((await deliverSigned(payload, now - 240)).statusCode).toBe(200);
  });

  it('a payment for a cancelled reservation is recorded and refunded at once, with a credit note', async () => {
    const { client, account } = await memberWithAccount(t, 'anna', 'anna@example.org');
    const r = await reserveDays(t, client, 10, 3, 'Spring retreat');
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    const res = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'refunded' });
    const [charge, ...rest] = await ledger('charge');
    expect(rest).toHaveLength(0);
    expect(charge).toMatchObject({
      reservationId: r.id,
      accountId: account.id,
      amountCents: 45000,
      documentId: null,
      reason: expect.stringMatching(/cancelled/),
    });
    const refunds = await ledger('refund');
    expect(refunds).toEqual([
      expect.objectContaining({
        chargeId: charge!.id,
        amountCents: 45000,
        accountId: account.id,
        documentId: expect.any(Number),
      }),
    ]);
    const docs = await t.db.select().from(documents);
    expect(docs.map((d) => [d.id, d.kind, d.accountId])).toEqual([
      [refunds[0]!.documentId, 'credit_note', account.id],
    ]);
    const mails = pdfMails(t);
    expect(mails.map((m) => m.to)).toEqual(['anna@example.org']);
    expect(mails[0]!.text).toContain('$450.00');
    expect(await myReservation(client, r.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      paidCents: 45000,
      refundedCents: 45000,
    });
  });

  it('a payment for a rejected reservation is refunded at once', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    expect(
      (await admin.patch(`/api/reservations/${r.id}/status`, { status: 'rejected' })).statusCode,
    ).toBe(200);
    const res = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    expect(res.json()).toEqual({ received: true, outcome: 'refunded' });
    expect((await ledger()).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 45000],
      ['refund', 45000],
    ]);
    expect(await paymentStatusOf(client, r.id)).toBe('unpaid');
  });

  it('a payment for an unknown or deleted reservation is recorded and refunded, with no document', async () => {
    const { client: admin } = await adminClient(t);
    const { client, account } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBeLessThan(300);
    for (const reservationId of [999999, r.id]) {
      const res = await deliverSigned(sandboxEvent({ reservationId, amountCents: 45000 }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'refunded' });
    }
    const charges = await ledger('charge');
    const refunds = await ledger('refund');
    expect(charges.map((c) => [c.reservationId, c.accountId, c.documentId])).toEqual([
      [999999, null, null],
      [r.id, null, null],
    ]);
    for (const c of charges) expect(c.reason).toMatch(/no longer exists/);
    expect(refunds.map((e) => [e.chargeId, e.amountCents, e.documentId])).toEqual(
      charges.map((c) => [c.id, 45000, null]),
    );
    expect(await t.db.select().from(documents)).toHaveLength(0);
    expect(pdfMails(t)).toHaveLength(0);
    // Entries of no known church: not the church's to see; the administrator sees them.
    expect(account.id).not.toBeNull();
    expect((await client.get('/api/payments')).json()).toEqual([]);
    expect(((await admin.get('/api/payments')).json() as unknown[]).length).toBe(4);
  });

  it('a signed event of another type is acknowledged and ignored', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const res = await deliverSigned(
      sandboxEvent({ reservationId: r.id, amountCents: 45000, type: 'payment.refunded' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    await expectNothingPaid(t, client, r.id);
  });

  it('a signed body that is not JSON answers 400', async () => {
    const res = await deliverSigned('{not json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid_json' });
    expect(await ledger()).toHaveLength(0);
  });

  it('a user without an account is paid and mailed, with no account document', async () => {
    const { client, user } = await loggedInClient(t, {
      username: 'loner',
      email: 'loner@example.org',
      accountId: null,
    });
    const r = await reserveDays(t, client);
    const res = await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
    expect(await ledger()).toEqual([
      expect.objectContaining({ kind: 'charge', accountId: null, documentId: null }),
    ]);
    expect(await t.db.select().from(documents)).toHaveLength(0);
    expect(pdfMails(t).map((m) => m.to)).toEqual([user.email]);
  });
});

describe('POST /pay/sandbox/charge (who may pay)', () => {
  it("a visitor without cookies, holding a real token of someone else's reservation, gets 404 and nothing is written", async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const token = (await sandboxCheckout(client, r.id)).token;
    // No session cookie; the CSRF cookie and header are the visitor's own (any client can send both).
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/charge',
      headers: {
        cookie: 'XSRF-TOKEN=chosen-by-the-visitor',
        'x-xsrf-token': 'chosen-by-the-visitor',
      },
      payload: goodCard(token),
    });
    expect(visitor.statusCode, visitor.body).toBe(404);
    expect(visitor.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    // A visitor whose CSRF cookie the server set answers the same.
    const anonymous = await new TestClient(t.app).post('/pay/sandbox/charge', goodCard(token));
    expect(anonymous.statusCode, anonymous.body).toBe(404);
    expect(anonymous.json()).toEqual(visitor.json());
    // With no cookie at all, the CSRF check refuses it before anything else.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/charge',
      payload: goodCard(token),
    });
    expect(bare.statusCode, bare.body).toBe(403);
    expect(bare.json().code).toBe('csrf_failed');
    await expectNothingPaid(t, client, r.id);
    // The token still works for its own member.
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
  });

  it('another logged-in member with that token gets 404 and nothing is written', async () => {
    const { client, account } = await memberWithAccount(t, 'anna');
    const { client: bob } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, client, 10, 3);
    const token = (await sandboxCheckout(client, r.id)).token;
    const res = await bob.post('/pay/sandbox/charge', goodCard(token));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('not_found');
    // Not even a member of the same church, nor an administrator.
    const { client: carl } = await loggedInClient(t, { username: 'carl', accountId: account.id });
    expect((await carl.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(404);
    const { client: admin } = await adminClient(t);
    expect((await admin.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(404);
    await expectNothingPaid(t, client, r.id);
  });

  it('20 concurrent charges with one token: one 200, 19 × 409 nothing_owed, one charge entry', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const token = (await sandboxCheckout(client, r.id)).token;
    // The CSRF cookie is in place before the burst, so every request is the same.
    await client.get('/api/auth/status');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/pay/sandbox/charge', goodCard(token))),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(),
    ).toHaveLength(1);
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused, statuses.join()).toHaveLength(19);
    for (const res of refused) expect(res.json().code).toBe('nothing_owed');
    expect(await ledger()).toEqual([
      expect.objectContaining({ kind: 'charge', reservationId: r.id, amountCents: 45000 }),
    ]);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(pdfMails(t)).toHaveLength(1);
    expect(await paymentStatusOf(client, r.id)).toBe('paid');
  });
});

describe('GET /api/payments (the ledger)', () => {
  it("lists my church's entries after paying; another church does not see them", async () => {
    const { client: a, account } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, a, 10, 3, 'Spring retreat');
    expect((await a.get('/api/payments')).json()).toEqual([]);
    expect(
      (await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }))).statusCode,
    ).toBe(200);

    const mine = await a.get('/api/payments');
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as { createdAt: string; documentId: number }[];
    const [receipt] = await t.db.select().from(documents);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        reservationId: r.id,
        kind: 'charge',
        amountCents: 45000,
        currency: 'USD',
        provider: 'sandbox',
        reference: expect.stringMatching(/^ref_/),
        createdAt: expect.any(String),
        documentId: receipt!.id,
        accountId: account.id,
        accountName: 'Church anna',
        eventName: 'Spring retreat',
        firstDay: r.first,
        lastDay: r.last,
        reason: null,
      },
    ]);
    expect(Math.abs(Date.parse(list[0]!.createdAt) - Date.now())).toBeLessThan(60_000);

    expect((await b.get('/api/payments')).json()).toEqual([]);
    // Bob's documents do not hold Anna's receipt either.
    expect((await b.get('/api/documents')).json()).toEqual([]);
    expect((await new TestClient(t.app).get('/api/payments')).statusCode).toBe(401);
  });

  it("another member of the same church sees the church's entries; a member of no church sees none", async () => {
    const { client: anna, account } = await memberWithAccount(t, 'anna');
    const { client: carl } = await loggedInClient(t, {
      username: 'carl',
      accountId: account.id,
    });
    const { client: loner } = await loggedInClient(t, { username: 'loner', accountId: null });
    const r = await reserveDays(t, anna, 10, 3);
    const lonerR = await reserveDays(t, loner, 20, 1);
    await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    await deliverSigned(sandboxEvent({ reservationId: lonerR.id, amountCents: 15000 }));
    const seen = (await carl.get('/api/payments')).json() as { reservationId: number }[];
    expect(seen.map((e) => e.reservationId)).toEqual([r.id]);
    expect((await loner.get('/api/payments')).json()).toEqual([]);
  });

  it('an administrator sees every entry, newest first, and filters them', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a, account: churchA } = await memberWithAccount(t, 'anna');
    const { client: b, account: churchB } = await memberWithAccount(t, 'bob');
    const ra = await reserveDays(t, a, 10, 3);
    const rb = await reserveDays(t, b, 20, 1);
    await deliverSigned(sandboxEvent({ reservationId: ra.id, amountCents: 45000 }));
    await deliverSigned(sandboxEvent({ reservationId: rb.id, amountCents: 15000 }));
    // A second, refunded payment for Bob's reservation.
    await deliverSigned(sandboxEvent({ reservationId: rb.id, amountCents: 15000 }));

    type Entry = { id: number; kind: string; reservationId: number; accountId: number };
    const all = (await admin.get('/api/payments')).json() as Entry[];
    expect(all.map((e) => [e.kind, e.reservationId])).toEqual([
      ['refund', rb.id],
      ['charge', rb.id],
      ['charge', rb.id],
      ['charge', ra.id],
    ]);
    const ids = all.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const ofA = (await admin.get(`/api/payments?accountId=${churchA.id}`)).json() as Entry[];
    expect(ofA.map((e) => e.accountId)).toEqual([churchA.id]);
    const ofRb = (await admin.get(`/api/payments?reservationId=${rb.id}`)).json() as Entry[];
    expect(ofRb).toHaveLength(3);
    expect(new Set(ofRb.map((e) => e.accountId))).toEqual(new Set([churchB.id]));

    const page = await admin.get('/api/payments?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('4');
    expect((page.json() as Entry[]).map((e) => e.id)).toEqual(ids.slice(1, 3));

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await admin.get(`/api/payments?from=${tomorrow}`)).json()).toEqual([]);
    expect(
      ((await admin.get(`/api/payments?to=${tomorrow}`)).json() as Entry[]).map((e) => e.id),
    ).toEqual(ids);

    // A member's filters stay within their church.
    const asBob = (await b.get(`/api/payments?accountId=${churchA.id}`)).json() as Entry[];
    expect(asBob.every((e) => e.accountId === churchB.id)).toBe(true);
    expect((await b.get(`/api/payments?reservationId=${ra.id}`)).json()).toEqual([]);
  });

  it('the reservation shows paid in my-reservations and stays there after an admin looks', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    expect(r.paymentStatus).toBe('unpaid');
    expect(await myReservation(client, r.id)).toMatchObject({
      priceCents: 45000,
      currency: 'USD',
      paidCents: 0,
      refundedCents: 0,
      accountName: 'Church anna',
    });
    await deliverSigned(sandboxEvent({ reservationId: r.id, amountCents: 45000 }));
    const all = (await admin.get('/api/reservations')).json() as MyReservation[];
    expect(all.find((x) => x.id === r.id)).toMatchObject({
      paymentStatus: 'paid',
      paidCents: 45000,
      refundedCents: 0,
    });
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row!.paymentStatus).toBe('paid');
    expect(await myReservation(client, r.id)).toMatchObject({ paymentStatus: 'paid' });
  });
});
