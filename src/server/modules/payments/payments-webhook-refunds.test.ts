// Webhook payments the house cannot keep (a second payment, a wrong amount or currency,
// a cancelled, rejected or missing reservation): recorded and refunded at once.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.js';
import { signSandboxPayload } from '../../payment-providers/sandbox.js';
import { pdfMails } from '../../testing/sandbox-checkout.js';
import {
  adminClient,
  memberWithAccount,
  myReservation,
  paymentStatusOf,
  reserveDays,
} from '../../testing/harness.js';
import { sandboxEvent, usePaymentsApp } from './payments.testing.js';

const { t, webhookSecret, deliver, deliverSigned, ledger } = usePaymentsApp();

describe('POST /api/payments/webhook (sandbox)', () => {
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
});
