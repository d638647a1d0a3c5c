// A stay keeps the terms it was requested with (docs/money.md, "The facility
// agreement"): the staff's edit of the pricing between the request and the
// agreement changes neither the terms the agreement keeps and shows (its page
// and its signed PDF) nor the stay's refund.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import { agreements, documents, reservations } from '../../db/schema.js';
import { adminClient, memberWithAccount, useTestApp } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { fileOf } from '../site-content/site-content.testing.js';

const TZ = 'America/Chicago';
// The shipped house (content/): its pricing and agreement, which the staff edit.
const t = useTestApp(
  { FACILITY_TIMEZONE: TZ, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  { pricing: undefined, agreement: undefined },
);

const SHIPPED_TIERS = [
  { daysBeforeStart: 30, refundPercent: 100 },
  { daysBeforeStart: 14, refundPercent: 50 },
];
const SHIPPED_DEPOSIT = { percent: 25, refundable: false, dueDaysAfterApproval: 7 };

/** anna's stay 60 days ahead: 20 guests, 2 nights, three meals a day ($4,700.00, deposit $1,175.00). */
async function requested() {
  const { client } = await memberWithAccount(t, 'anna', 'anna@example.org', {
    accountName: 'Église Saint-Éloi',
  });
  const first = addDays(todayIn(TZ), 60);
  const res = await client.post('/api/reservations', {
    startTime: `${first}T00:00:00.000Z`,
    endTime: `${addDays(first, 2)}T23:59:59.999Z`,
    eventName: 'Youth retreat',
    eventDescription: 'A weekend away',
    guests: 20,
    mealPlan: 'full-board',
  });
  expect(res.statusCode, res.body).toBe(201);
  // Lodging 20 × 2 × $65.00 and the meals served: 20 × (dinner, three meals, breakfast and lunch).
  expect(res.json()).toMatchObject({ priceCents: 400000, depositCents: 100000 });
  return { client, id: (res.json() as { id: number }).id };
}

/** The staff make the deposit refundable and halve every tier, through Admin → Site. */
async function staffEditPricing(admin: Awaited<ReturnType<typeof adminClient>>['client']) {
  const pricing = fileOf('pricing');
  pricing.group.deposit.refundable = true;
  pricing.cancellationPolicy = SHIPPED_TIERS.map((tier) => ({
    ...tier,
    refundPercent: tier.refundPercent / 2,
  }));
  const res = await admin.put('/api/admin/content/pricing', pricing);
  expect(res.statusCode, res.body).toBe(200);
  expect((await admin.get('/api/facility/pricing')).json().cancellationPolicy).toEqual([
    { daysBeforeStart: 30, refundPercent: 50 },
    { daysBeforeStart: 14, refundPercent: 25 },
  ]);
}

describe('an agreement accepted after the staff edit the pricing', () => {
  it('keeps and shows the terms the stay was requested with, and they govern its refund', async () => {
    const { client, id } = await requested();
    const { client: admin } = await adminClient(t);
    await staffEditPricing(admin);
    expect(
      (await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);

    // Before accepting: the house's text with the stay's own terms.
    const toRead = await client.get(`/api/reservations/${id}/agreement`);
    expect(toRead.statusCode, toRead.body).toBe(200);
    expect(toRead.json()).toMatchObject({
      version: fileOf('agreement').version,
      paragraphs: fileOf('agreement').paragraphs,
      terms: { deposit: SHIPPED_DEPOSIT, cancellationPolicy: SHIPPED_TIERS },
      accepted: null,
    });
    const accepted = await client.post(`/api/reservations/${id}/agreement`, {
      fullName: 'Anna Lindqvist',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);

    // What the agreement keeps, and what its page shows the leader and the staff.
    const [kept] = await t.db.select().from(agreements).where(eq(agreements.reservationId, id));
    expect(kept!.terms).toEqual({ deposit: SHIPPED_DEPOSIT, cancellationPolicy: SHIPPED_TIERS });
    for (const who of [client, admin]) {
      const shown = await who.get(`/api/reservations/${id}/agreement`);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({
        terms: {
          deposit: SHIPPED_DEPOSIT,
          cancellationPolicy: SHIPPED_TIERS,
          depositTerms: '25% of the price ($1,000.00), due 7 days after approval; not refundable.',
          cancellationTerms:
            'Refund on cancellation: 100% when cancelled 30 or more days before arrival; 50% when cancelled 14 or more days before arrival.',
        },
        accepted: { version: fileOf('agreement').version, fullName: 'Anna Lindqvist' },
      });
    }

    // The signed copy prints the stay's terms beside its amounts.
    const [pdf] = await t.db.select().from(documents).where(eq(documents.kind, 'agreement'));
    const printed = (await pdfText(pdf!.content)).replace(/\s+/g, ' ');
    expect(printed).toContain('Terms of this stay, as requested');
    expect(printed).toContain('25% of the price ($1,000.00)');
    expect(printed).toContain('not refundable');
    expect(printed).toContain('100% when cancelled 30 or more days before arrival');
    expect(printed).not.toContain('50% when cancelled 30');
    expect(printed).not.toContain('; refundable');

    // Paid in full, then cancelled 60 days ahead: the 100 % tier less the deposit kept.
    await payInSandbox(client, id);
    const quote = await client.get(`/api/reservations/${id}/cancellation-quote`);
    expect(quote.json()).toMatchObject({
      paidCents: 400000,
      depositKeptCents: 100000,
      refundCents: 300000,
      policy: { daysBeforeStart: 30, refundPercent: 100 },
    });
    const cancelled = await client.patch(`/api/reservations/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundedCents: 300000 });
  });

  it('a stay of an earlier release, which kept no terms, takes the house’s terms at acceptance', async () => {
    const { client, id } = await requested();
    await t.db.update(reservations).set({ priceTerms: null }).where(eq(reservations.id, id));
    const { client: admin } = await adminClient(t);
    await staffEditPricing(admin);
    await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' });
    expect(
      (await client.post(`/api/reservations/${id}/agreement`, { fullName: 'Anna Lindqvist' }))
        .statusCode,
    ).toBe(201);
    const shown = (await client.get(`/api/reservations/${id}/agreement`)).json();
    expect(shown.terms).toMatchObject({
      deposit: { ...SHIPPED_DEPOSIT, refundable: true },
      cancellationPolicy: [
        { daysBeforeStart: 30, refundPercent: 50 },
        { daysBeforeStart: 14, refundPercent: 25 },
      ],
    });
  });

  it('is the owner’s and the staff’s: another member gets 404, as for a missing stay', async () => {
    const { id } = await requested();
    const { client: other } = await memberWithAccount(t, 'bert', 'bert@example.org');
    expect((await other.get(`/api/reservations/${id}/agreement`)).statusCode).toBe(404);
    expect((await other.get(`/api/reservations/${id + 100}/agreement`)).statusCode).toBe(404);
  });
});
