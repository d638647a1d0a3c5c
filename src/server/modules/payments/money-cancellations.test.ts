// What a reservation costs and what comes back when it ends: the refund policy
// when a member cancels, and the refund an administrator chooses on rejecting or cancelling.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, reservations } from '../../db/schema.js';
import { pdfText } from '../../testing/pdf-text.js';
import { adminClient, memberWithAccount, reserveDays } from '../../testing/harness.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { useMoneyApp } from './payments.testing.js';

const { t, setDaysBefore, entriesOf, mine } = useMoneyApp();

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
