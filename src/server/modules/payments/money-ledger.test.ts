// Money that arrives for a reservation that can no longer take it is refunded at
// once, and the ledger keeps every entry, filters, totals and exports them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import { documents, ledgerEntries } from '../../db/schema.js';
import { adminClient, memberWithAccount, reserveDays } from '../../testing/harness.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { TZ, useMoneyApp } from './payments.testing.js';

const { t, entriesOf, mine, deliverEvent } = useMoneyApp();

describe('a provider event for a reservation that can no longer take money', () => {
  it('after a cancellation: recorded and refunded at once, answered 200', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 2);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    const res = await deliverEvent(r.id, 20000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'refunded' });
    const entries = await entriesOf(r.id);
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 20000],
      ['refund', 20000],
    ]);
    expect(entries[1]!.reason).toContain('cancelled');
    const docs = (await client.get('/api/documents')).json() as { kind: string }[];
    expect(docs.map((d) => d.kind)).toEqual(['credit_note']);
  });

  it('for a deleted reservation: recorded and refunded, seen by the administrator', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 2);
    const { client: admin } = await adminClient(t);
    await admin.patch(`/api/reservations/${r.id}/status`, { status: 'rejected' });
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(200);
    const res = await deliverEvent(r.id, 20000);
    expect(res.json()).toEqual({ received: true, outcome: 'refunded' });
    const list = (await admin.get(`/api/payments?reservationId=${r.id}`)).json() as {
      kind: string;
      reason: string;
    }[];
    expect(list.map((e) => e.kind)).toEqual(['refund', 'charge']);
  });

  it('for one already paid: the second payment is refunded, the first stays', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 2);
    await payInSandbox(client, r.id);
    expect((await deliverEvent(r.id, 20000)).json().outcome).toBe('refunded');
    expect(await mine(client, r.id)).toMatchObject({
      paymentStatus: 'paid',
      paidCents: 40000,
      refundedCents: 20000,
    });
  });
});

describe('the ledger', () => {
  it('keeps entries, receipts and credit notes when the reservation is deleted', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 2, 'Choir weekend');
    await payInSandbox(client, r.id);
    const { client: admin } = await adminClient(t);
    expect(
      (await admin.patch(`/api/reservations/${r.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBe(200);

    const entries = (await client.get('/api/payments')).json() as Record<string, unknown>[];
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      expect(e).toMatchObject({
        reservationId: r.id,
        eventName: 'Choir weekend',
        firstDay: r.first,
        accountName: 'Church anna',
      });
      expect(e.documentId).toEqual(expect.any(Number));
    }
    const docs = (await client.get('/api/documents')).json() as {
      kind: string;
      reservationId: number;
    }[];
    expect(docs.map((d) => d.kind).sort()).toEqual(['credit_note', 'receipt']);
  });

  it('refuses to delete a receipt or a credit note (409), in the API and in the database', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 2);
    await payInSandbox(client, r.id);
    const [receipt] = (await client.get('/api/documents')).json() as { id: number; kind: string }[];
    expect(receipt!.kind).toBe('receipt');
    const res = await client.delete(`/api/documents/${receipt!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('document_is_record');
    await expect(t.db.delete(documents).where(eq(documents.id, receipt!.id))).rejects.toThrow();
    expect(await t.db.select().from(documents)).toHaveLength(1);
  });

  it('cannot be edited or deleted, even in the database', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 2);
    await payInSandbox(client, r.id);
    await expect(t.db.update(ledgerEntries).set({ amountCents: 1 })).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries)).rejects.toThrow();
    expect((await entriesOf(r.id)).map((e) => e.amountCents)).toEqual([20000]);
  });

  it('filters by church, reservation and days, pages with X-Total-Count, totals and exports CSV', async () => {
    const a = await memberWithAccount(t, 'anna');
    const b = await memberWithAccount(t, 'bert');
    const ra = await reserveDays(t, a.client, 20, 2, 'Alpha retreat');
    const rb = await reserveDays(t, b.client, 30, 3, 'Beta, "quoted" retreat');
    const unpaid = await reserveDays(t, b.client, 40, 1);
    await payInSandbox(a.client, ra.id);
    await payInSandbox(b.client, rb.id);
    const { client: admin } = await adminClient(t);
    await admin.patch(`/api/reservations/${rb.id}/status`, {
      status: 'cancelled',
      refundCents: 10000,
      refundReason: 'Partly',
    });

    const all = await admin.get('/api/payments?limit=2&offset=0');
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json()).toHaveLength(2);
    const ofB = (await admin.get(`/api/payments?accountId=${b.account.id}`)).json() as {
      kind: string;
    }[];
    expect(ofB.map((e) => e.kind)).toEqual(['refund', 'charge']);
    expect((await admin.get(`/api/payments?reservationId=${ra.id}`)).json()).toHaveLength(1);
    const today = todayIn(TZ);
    expect((await admin.get(`/api/payments?from=${today}&to=${today}`)).json()).toHaveLength(3);
    expect((await admin.get(`/api/payments?from=${addDays(today, 1)}`)).json()).toHaveLength(0);
    // A member sees their church's entries only, whatever they ask for.
    expect((await a.client.get(`/api/payments?accountId=${b.account.id}`)).json()).toHaveLength(1);

    const summary = (await admin.get('/api/payments/summary')).json();
    expect(summary).toEqual({
      currency: 'USD',
      receivedCents: 50000,
      refundedCents: 10000,
      outstandingCents: 10000,
    });
    expect(unpaid.id).toBeGreaterThan(0);

    const csv = await admin.get(`/api/payments/export.csv?accountId=${b.account.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,kind,amount,currency,reservation_id,account,event,first_day,last_day,provider,reference,reason',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',refund,100.00,USD,');
    expect(lines[1]).toContain('"Beta, ""quoted"" retreat"');
    expect((await a.client.get('/api/payments/export.csv')).statusCode).toBe(403);
  });
});
