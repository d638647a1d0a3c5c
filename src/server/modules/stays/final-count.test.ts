// The final count (docs/money.md, "The final count") and a member's
// cancellation with a non-refundable deposit: each count prices the stay again
// by its terms (never below the minimum) and writes an invoice; what was paid
// beyond the new price goes back at once with a credit note; a larger group
// owes more and is told; the member's deadline; each tier keeps the deposit.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates.js';
import { documents, ledgerEntries } from '../../db/schema.js';
import { pdfText } from '../../testing/pdf-text.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { useGroupHouse } from './stays.testing.js';

const { t, request, approvedAndAgreed, mine, setDaysBefore, sendFinalCount } = useGroupHouse();

const docsOf = (kind: 'invoice' | 'credit_note', id: number) =>
  t.db
    .select()
    .from(documents)
    .where(and(eq(documents.kind, kind), eq(documents.reservationId, id)))
    .orderBy(documents.id);

describe('the final count', () => {
  it('a smaller group: the price falls, the difference comes back with a credit note', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approvedAndAgreed(client, reservation.id);
    await payInSandbox(client, reservation.id);
    const res = await sendFinalCount(client, reservation.id, 15);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ finalGuests: 15, diets: { vegetarian: 0 } });
    const price = 2 * 15 * 6500 + 3 * 15 * 3500;
    expect(await mine(client, reservation.id)).toMatchObject({
      guests: 20,
      finalGuests: 15,
      priceCents: price,
      paidCents: 470000,
      refundedCents: 470000 - price,
      paymentStatus: 'paid',
    });
    const [invoice] = await docsOf('invoice', reservation.id);
    expect(invoice!.description).toMatch(/^Invoice .*Reservation ID: \d+$/);
    const text = await pdfText(invoice!.content);
    expect(text).toContain('Église Saint-Éloi');
    expect(text).toMatch(/Lodging: 15 guests × 2 nights: 30 × \$65\.00 = \$1,950\.00/);
    expect(text).toMatch(/Total:?\s+\$3,525\.00/);
    expect(text).toMatch(/Paid:?\s+\$4,700\.00/);
    expect(text).toMatch(/Owed:?\s+\$0\.00/);
    expect(await docsOf('credit_note', reservation.id)).toHaveLength(1);
    const kinds = t.mailer.sent.map((m) => m.kind);
    expect(kinds).toContain('invoice');
    expect(kinds).toContain('credit_note');
    // The invoice is a record: nobody deletes it, not the member, not the staff.
    const refused = await client.delete(`/api/documents/${invoice!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'document_is_record' });
    expect(refused.json().message).toMatch(/invoice/i);
    // The same count again changes nothing and refunds nothing more.
    await sendFinalCount(client, reservation.id, 15);
    expect(await docsOf('invoice', reservation.id)).toHaveLength(1);
  });

  it('below the minimum bills the minimum; a larger group owes more and is told by when', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approvedAndAgreed(client, reservation.id);
    await payInSandbox(client, reservation.id);
    await sendFinalCount(client, reservation.id, 5);
    const minimum = 2 * 12 * 6500 + 3 * 12 * 3500;
    expect(await mine(client, reservation.id)).toMatchObject({ priceCents: minimum });

    await sendFinalCount(client, reservation.id, 30);
    const larger = 2 * 30 * 6500 + 3 * 30 * 3500;
    const after = await mine(client, reservation.id);
    expect(after).toMatchObject({ priceCents: larger, paymentStatus: 'unpaid' });
    const owed = larger - (after.paidCents as number) + (after.refundedCents as number);
    expect(owed).toBe(larger - minimum);
    const mail = t.mailer.sent.filter((m) => m.kind === 'invoice').at(-1)!;
    expect(mail.text).toContain('$7,050.00');
    expect(mail.text).toMatch(/Still owed: \$\d/);
    expect(mail.text).toContain(`due by`);
    expect(mail.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(await docsOf('invoice', reservation.id)).toHaveLength(2);
    // What is owed now can be paid.
    await payInSandbox(client, reservation.id);
    expect(await mine(client, reservation.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('the member may give it until its due day; the staff at any time', async () => {
    const { client, reservation, first } = await request({ guests: 20, offset: 30 });
    const admin = await approvedAndAgreed(client, reservation.id);
    setDaysBefore(first, 10);
    const onTime = await sendFinalCount(client, reservation.id, 18);
    expect(onTime.statusCode).toBe(200);
    expect(onTime.json().finalCountDueDate).toBe(addDays(first, -10));
    setDaysBefore(first, 9);
    const late = await client.put(`/api/reservations/${reservation.id}/questionnaire`, {
      finalGuests: 17,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('final_count_closed');
    // The same count with other answers is still a save; sending it again is not.
    const same = await client.put(`/api/reservations/${reservation.id}/questionnaire`, {
      finalGuests: 18,
      setup: 'Chairs in rows.',
    });
    expect(same.statusCode, same.body).toBe(200);
    const resend = await client.post(`/api/reservations/${reservation.id}/questionnaire/submit`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().code).toBe('final_count_closed');
    const byHouse = await admin.put(`/api/reservations/${reservation.id}/questionnaire`, {
      finalGuests: 17,
    });
    expect(byHouse.statusCode).toBe(200);
    const over = await admin.put(`/api/reservations/${reservation.id}/questionnaire`, {
      finalGuests: 41,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'body.finalGuests' }],
    });
  });

  it('is refused before approval (409 not_approved), and reads empty until given', async () => {
    const { client, reservation } = await request();
    const early = await client.put(`/api/reservations/${reservation.id}/questionnaire`, {
      finalGuests: 15,
    });
    expect(early.json().code).toBe('not_approved');
    expect(
      (await client.get(`/api/reservations/${reservation.id}/questionnaire`)).json(),
    ).toMatchObject({ finalGuests: null, submittedAt: null });
  });
});

describe('a member’s cancellation with a non-refundable deposit', () => {
  for (const [daysBefore, refund] of [
    [45, 470000 - 117500],
    [20, Math.floor(((470000 - 117500) * 50 + 50) / 100)],
    [10, 0],
  ] as const) {
    it(`${daysBefore} days before: the tier applies to what was paid beyond the deposit`, async () => {
      const { client, reservation, first } = await request({ guests: 20, offset: 60 });
      await approvedAndAgreed(client, reservation.id);
      await payInSandbox(client, reservation.id);
      setDaysBefore(first, daysBefore);
      const quote = (
        await client.get(`/api/reservations/${reservation.id}/cancellation-quote`)
      ).json();
      expect(quote).toMatchObject({ refundCents: refund, depositKeptCents: 117500 });
      const res = await client.patch(`/api/reservations/${reservation.id}/cancel`);
      expect(res.json()).toMatchObject({ status: 'cancelled', refundedCents: refund });
      const refunds = await t.db
        .select()
        .from(ledgerEntries)
        .where(
          and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.reservationId, reservation.id)),
        );
      expect(refunds.map((r) => r.amountCents)).toEqual(refund ? [refund] : []);
      if (refund) expect(refunds[0]!.reason).toContain('non-refundable deposit of $1,175.00');
    });
  }

  it('with only the deposit paid, nothing comes back', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approvedAndAgreed(client, reservation.id);
    await payInSandbox(client, reservation.id, 'deposit');
    const res = await client.patch(`/api/reservations/${reservation.id}/cancel`);
    expect(res.json()).toMatchObject({ paidCents: 117500, refundedCents: 0 });
  });
});
