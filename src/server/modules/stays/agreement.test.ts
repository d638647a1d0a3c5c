// The facility agreement (docs/money.md, "The facility agreement"): public
// text, accepted once by the leader with their full name, what was accepted
// kept (the signed PDF too), and its tiers governing the stay's refunds even
// after the house changes its policy.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { agreements, documents } from '../../db/schema.js';
import { TestClient, adminClient } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { AGREEMENT, GROUP_PRICING, useGroupHouse } from './stays.testing.js';

const { t, request, approvedAndAgreed, mine } = useGroupHouse();

describe('the facility agreement', () => {
  it('is public; the leader accepts it once, and what was accepted is kept with the stay', async () => {
    const text = await t.app.inject({ method: 'GET', url: '/api/facility/agreement' });
    expect(text.json()).toEqual(AGREEMENT);

    const { client, reservation, account } = await request();
    const res = await client.post(`/api/reservations/${reservation.id}/agreement`, {
      fullName: '  Anna Lindqvist ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      version: '2027-1',
      fullName: 'Anna Lindqvist',
      acceptedAt: expect.any(String),
      acceptedBy: 'anna',
    });
    const again = await client.post(`/api/reservations/${reservation.id}/agreement`, {
      fullName: 'Anna Lindqvist',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('agreement_already_accepted');

    const [row] = await t.db
      .select()
      .from(agreements)
      .where(eq(agreements.reservationId, reservation.id));
    expect(row).toMatchObject({
      version: '2027-1',
      fullName: 'Anna Lindqvist',
      acceptedByUsername: 'anna',
      ipAddress: expect.any(String),
      terms: {
        deposit: { percent: 25, refundable: false, dueDaysAfterApproval: 7 },
        cancellationPolicy: GROUP_PRICING.cancellationPolicy,
      },
    });
    const [pdf] = await t.db.select().from(documents).where(eq(documents.kind, 'agreement'));
    expect(pdf).toMatchObject({ accountId: account.id, reservationId: reservation.id });
    expect(pdf!.description).toContain('Agreement');
    expect(pdf!.description).toContain(`Reservation ID: ${reservation.id}`);
    const printed = await pdfText(pdf!.content);
    for (const words of ['Église Saint-Éloi', 'Anna Lindqvist', '2027-1', 'looks after the house'])
      expect(printed).toContain(words);
    expect(printed).toMatch(/25% of the price \(\$1,175\.00\)/);

    // Members and admins see who accepted which version on the reservation.
    expect((await mine(client, reservation.id)).agreement).toEqual({
      version: '2027-1',
      fullName: 'Anna Lindqvist',
      acceptedAt: res.json().acceptedAt,
    });
    const { client: admin } = await adminClient(t);
    const listed = (await admin.get('/api/reservations')).json() as { agreement: unknown }[];
    expect(listed[0]!.agreement).toMatchObject({ version: '2027-1', fullName: 'Anna Lindqvist' });
  });

  it('refuses a blank name (400), someone else (404) and a cancelled stay (409)', async () => {
    const { client, reservation } = await request();
    const blank = await client.post(`/api/reservations/${reservation.id}/agreement`, {
      fullName: '  ',
    });
    expect(blank.statusCode).toBe(400);
    const { client: admin } = await adminClient(t);
    const bystander = await admin.post(`/api/reservations/${reservation.id}/agreement`, {
      fullName: 'The Staff',
    });
    expect(bystander.statusCode).toBe(404);
    await client.patch(`/api/reservations/${reservation.id}/cancel`);
    const late = await client.post(`/api/reservations/${reservation.id}/agreement`, {
      fullName: 'Anna Lindqvist',
    });
    expect(late.statusCode).toBe(409);
    expect(await t.db.select().from(agreements)).toEqual([]);
  });

  it('its tiers govern the stay’s refund after the house changes its policy', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approvedAndAgreed(client, reservation.id);
    await payInSandbox(client, reservation.id);
    // The house now refunds nothing at all, and started again with that policy.
    const stricter = await buildApp({
      config: t.config,
      database: t.database,
      mailer: t.mailer,
      logger: false,
      mailPollMs: 0,
      refundPollMs: 0,
      deliverMailBeforeAnswering: true,
      pricing: { ...GROUP_PRICING, cancellationPolicy: [] },
      agreement: AGREEMENT,
      now: () => new Date(),
    });
    try {
      await stricter.ready();
      const same = new TestClient(stricter);
      same.cookies = new Map(client.cookies);
      // 60 days before: the accepted 100 % tier, less the non-refundable deposit.
      const quote = (
        await same.get(`/api/reservations/${reservation.id}/cancellation-quote`)
      ).json();
      expect(quote).toMatchObject({ paidCents: 470000, depositKeptCents: 117500 });
      const cancelled = await same.patch(`/api/reservations/${reservation.id}/cancel`);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundedCents: 352500 });
    } finally {
      await stricter.close();
    }
  });
});
