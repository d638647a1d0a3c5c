// The sandbox provider's webhook: a signed event pays the reservation once, with a
// receipt mailed to the church, and anything unsigned, stale or malformed changes nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, documents } from '../../db/schema.js';
import { signSandboxPayload } from '../../payment-providers/sandbox.js';
import { expectNothingPaid, pdfMails } from '../../testing/sandbox-checkout.js';
import {
  loggedInClient,
  memberWithAccount,
  myReservation,
  paymentStatusOf,
  reserveDays,
} from '../../testing/harness.js';
import { sandboxEvent, usePaymentsApp } from './payments.testing.js';

const { t, webhookSecret, deliver, deliverSigned, ledger } = usePaymentsApp();

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
    // Each time is taken as it is sent, a whole 30 s or more from the 5 minutes:
    // a slow machine's seconds between calls cannot bring one within the tolerance.
    const at = (offsetSeconds: number) => Math.floor(Date.now() / 1000) + offsetSeconds;
    const payload = sandboxEvent({ reservationId: r.id, amountCents: 45000 });
    expect((await deliverSigned(payload, at(-330))).statusCode).toBe(400);
    expect((await deliverSigned(payload, at(-3600))).statusCode).toBe(400);
    expect((await deliverSigned(payload, at(330))).statusCode).toBe(400);
    await expectNothingPaid(t, client, r.id);
    // Within the tolerance it is accepted.
    expect((await deliverSigned(payload, at(-240))).statusCode).toBe(200);
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
