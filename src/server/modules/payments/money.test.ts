import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayIn } from '../../../shared/dates.js';
import { documents, ledgerEntries, reservations } from '../../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../payments/sandbox.js';
import { getOrCreateSecret } from '../../secrets.js';
import { pdfText } from '../../testing/pdf-text.js';
import {
  TestClient,
  adminClient,
  memberWithAccount,
  reserveDays,
  useTestApp,
} from '../../testing/harness.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';

const DAY_MS = 86_400_000;
/** The tests' clock: real time moved by this many days. */
let shiftDays = 0;
const TZ = 'America/Chicago';
const t = useTestApp(
  { DAILY_RATE_CENTS: '10000', FACILITY_TIMEZONE: TZ },
  { now: () => new Date(Date.now() + shiftDays * DAY_MS) },
);

beforeEach(() => {
  shiftDays = 0;
});

/** Moves the clock so that the house's today is `days` whole days before `firstDay`. */
function setDaysBefore(firstDay: string, days: number) {
  shiftDays = daysBetween(todayIn(TZ), firstDay) - days;
  expect(daysBetween(todayIn(TZ, new Date(Date.now() + shiftDays * DAY_MS)), firstDay)).toBe(days);
}

const entriesOf = (id: number) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reservationId, id))
    .orderBy(ledgerEntries.id);

const mine = async (client: TestClient, id: number) =>
  (
    (await client.get('/api/reservations/my-reservations')).json() as Record<string, unknown>[]
  ).find((r) => r.id === id)!;

async function deliverEvent(reservationId: number, amountCents: number) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    type: 'payment.succeeded',
    data: {
      reservationId,
      amountCents,
      currency: 'USD',
      reference: `ref_${randomBytes(4).toString('hex')}`,
    },
  });
  const signature = signSandboxPayload(await getOrCreateSecret(t.db, 'sandbox-webhook'), payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload,
  });
}

describe('prices up front', () => {
  it('a reservation keeps the price of its days, and shows what was paid and refunded', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 3);
    expect(await mine(client, r.id)).toMatchObject({
      priceCents: 30000,
      currency: 'USD',
      paidCents: 0,
      refundedCents: 0,
      paymentStatus: 'unpaid',
      accountName: 'Church anna',
    });
    await payInSandbox(client, r.id);
    expect(await mine(client, r.id)).toMatchObject({
      paidCents: 30000,
      refundedCents: 0,
      paymentStatus: 'paid',
    });
  });
});

describe('a member cancels a paid reservation: the policy refunds', () => {
  // The shipped policy: 100% at 30 or more days before arrival, 50% at 14 or more, else nothing.
  const cases = [
    { daysBefore: 45, percent: 100 },
    { daysBefore: 30, percent: 100 },
    { daysBefore: 29, percent: 50 },
    { daysBefore: 14, percent: 50 },
    { daysBefore: 13, percent: 0 },
    { daysBefore: 0, percent: 0 },
  ];
  for (const { daysBefore, percent } of cases) {
    it(`${daysBefore} days before arrival: ${percent}% back, quoted before and refunded on cancel`, async () => {
      const { client } = await memberWithAccount(t, 'anna');
      const r = await reserveDays(t, client, 50, 3);
      await payInSandbox(client, r.id);
      setDaysBefore(r.first, daysBefore);
      const expected = (30000 * percent) / 100;

      const quote = await client.get(`/api/reservations/${r.id}/cancellation-quote`);
      expect(quote.statusCode).toBe(200);
      expect(quote.json()).toMatchObject({
        refundCents: expected,
        paidCents: 30000,
        currency: 'USD',
        daysBeforeStart: daysBefore,
      });
      expect(quote.json().policy?.refundPercent ?? 0).toBe(percent);

      const res = await client.patch(`/api/reservations/${r.id}/cancel`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        paidCents: 30000,
        refundedCents: expected,
      });
      const refunds = (await entriesOf(r.id)).filter((e) => e.kind === 'refund');
      expect(refunds.map((e) => e.amountCents)).toEqual(expected > 0 ? [expected] : []);
    });
  }

  it('the refund has a credit note the church keeps, readable as a PDF, and mailed', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 50, 3);
    await payInSandbox(client, r.id);
    setDaysBefore(r.first, 20);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);

    const docs = (await client.get('/api/documents')).json() as {
      id: number;
      kind: string;
      description: string;
    }[];
    const note = docs.find((d) => d.kind === 'credit_note')!;
    expect(note.description).toContain('Refund');
    expect(note.description).toContain(`Reservation ID: ${r.id}`);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, note.id));
    const text = await pdfText(row!.content);
    expect(text).toMatch(new RegExp(`Reservation ID:\\s+${r.id}\\b`));
    expect(text).toMatch(/Amount refunded:\s+\$150\.00/);

    const [refund] = (await entriesOf(r.id)).filter((e) => e.kind === 'refund');
    expect(refund!.documentId).toBe(note.id);
    const mail = t.mailer.sent.find((m) => m.subject.includes('refund'));
    expect(mail?.to).toBe('anna@example.org');
    expect(mail?.attachments?.[0]?.contentType).toBe('application/pdf');
  });
});

describe('an administrator rejects or cancels a paid reservation', () => {
  async function paidReservation() {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 2);
    await payInSandbox(client, r.id);
    const { client: admin } = await adminClient(t);
    return { client, admin, r };
  }

  it('refunds everything by default', async () => {
    const { admin, r } = await paidReservation();
    const res = await admin.patch(`/api/reservations/${r.id}/status`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      paidCents: 20000,
      refundedCents: 20000,
    });
  });

  it('refunds a smaller amount with a reason', async () => {
    const { admin, client, r } = await paidReservation();
    const res = await admin.patch(`/api/reservations/${r.id}/status`, {
      status: 'rejected',
      adminNotes: 'The house is closed that week.',
      refundCents: 12500,
      refundReason: 'Cleaning costs already incurred',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', refundedCents: 12500 });
    const [refund] = (await entriesOf(r.id)).filter((e) => e.kind === 'refund');
    expect(refund).toMatchObject({ amountCents: 12500, reason: 'Cleaning costs already incurred' });
    const entries = (await client.get('/api/payments')).json() as {
      kind: string;
      amountCents: number;
    }[];
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['refund', 12500],
      ['charge', 20000],
    ]);
  });

  it('refuses a smaller refund without a reason, or more than was paid, changing nothing', async () => {
    const { admin, r } = await paidReservation();
    const noReason = await admin.patch(`/api/reservations/${r.id}/status`, {
      status: 'rejected',
      refundCents: 100,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('refund_reason_required');
    const tooMuch = await admin.patch(`/api/reservations/${r.id}/status`, {
      status: 'cancelled',
      refundCents: 20001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('refund_too_large');
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row!.status).toBe('pending');
    expect((await entriesOf(r.id)).map((e) => e.kind)).toEqual(['charge']);
  });

  it('a zero refund with a reason refunds nothing and writes no credit note', async () => {
    const { admin, r } = await paidReservation();
    const res = await admin.patch(`/api/reservations/${r.id}/status`, {
      status: 'cancelled',
      refundCents: 0,
      refundReason: 'No-show',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await entriesOf(r.id)).map((e) => e.kind)).toEqual(['charge']);
    expect(
      await t.db.select().from(documents).where(eq(documents.kind, 'credit_note')),
    ).toHaveLength(0);
  });

  it('a failing write rolls the whole change back: status, refund and credit note', async () => {
    const { admin, r } = await paidReservation();
    await t.db.execute(
      sql`create function fail_events() returns trigger language plpgsql as $$ begin raise exception 'no events today'; end $$`,
    );
    await t.db.execute(
      sql`create trigger fail_events before insert on account_events for each row execute function fail_events()`,
    );
    try {
      const res = await admin.patch(`/api/reservations/${r.id}/status`, { status: 'cancelled' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger fail_events on account_events`);
      await t.db.execute(sql`drop function fail_events()`);
    }
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row!.status).toBe('pending');
    expect((await entriesOf(r.id)).map((e) => e.kind)).toEqual(['charge']);
    expect(
      await t.db.select().from(documents).where(eq(documents.kind, 'credit_note')),
    ).toHaveLength(0);
  });
});

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
