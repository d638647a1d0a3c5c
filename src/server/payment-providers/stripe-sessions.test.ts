// Every way Stripe's checkout can pay is recorded, and only for sessions this
// site opened (docs/money.md, "Checkout sessions"): a bank debit begun, then
// paid or failed; a session another site opened is ignored; a second payment
// of a paid stay goes back.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSecrets, checkoutSessions, ledgerEntries } from '../db/schema.js';
import { adminClient, paymentStatusOf } from '../testing/harness.js';
import { refundCreated, useFakeStripeApi } from './stripe-fake-api.testing.js';
import { sessionCompleted, useStripeApp } from './stripe.testing.js';

const { api, apiPort, received } = await useFakeStripeApi();
const { t, deliverSigned, setup, paidSession } = useStripeApp(apiPort);

/** anna's stay ($450.00) and the session its checkout opened, as Stripe made it. */
async function checkedOut(sessionId: string) {
  api.answers.set('POST /v1/checkout/sessions', () => ({
    status: 200,
    body: { id: sessionId, object: 'checkout.session', url: `https://pay.test/${sessionId}` },
  }));
  const made = await setup(3);
  const res = await made.client.post(`/api/payments/${made.reservation.id}/checkout`);
  expect(res.json()).toEqual({ kind: 'redirect', url: `https://pay.test/${sessionId}` });
  return made;
}

const charges = () => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'charge'));

describe('Stripe checkout sessions', () => {
  it('a bank debit: begun (nothing paid yet), then paid later and recorded once', async () => {
    const { client, reservation } = await checkedOut('cs_bank');
    const [session] = await t.db.select().from(checkoutSessions);
    expect(session).toMatchObject({
      provider: 'stripe',
      sessionId: 'cs_bank',
      reservationId: reservation.id,
      amountCents: 45000,
      status: 'open',
    });
    const base = { reservationId: reservation.id, amountTotal: 45000, sessionId: 'cs_bank' };
    await deliverSigned(sessionCompleted({ ...base, paymentStatus: 'unpaid' }), 'payment_pending');
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    expect(await charges()).toHaveLength(0);

    const succeeded = sessionCompleted({
      ...base,
      type: 'checkout.session.async_payment_succeeded',
    });
    await deliverSigned(succeeded, 'paid');
    expect(await paymentStatusOf(client, reservation.id)).toBe('paid');
    expect(await charges()).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.kind === 'receipt')).toHaveLength(1);
    // Stripe redelivers it, or sends another event of the same session: paid once.
    await deliverSigned(succeeded, 'duplicate');
    await deliverSigned(
      sessionCompleted({ ...base, type: 'checkout.session.async_payment_succeeded' }),
      'duplicate',
    );
    expect(await charges()).toHaveLength(1);
  });

  it('a bank debit that fails: nothing is charged, the member hears of it and may pay again', async () => {
    const { client, reservation } = await checkedOut('cs_bounced');
    const base = { reservationId: reservation.id, amountTotal: 45000, sessionId: 'cs_bounced' };
    await deliverSigned(sessionCompleted({ ...base, paymentStatus: 'unpaid' }), 'payment_pending');
    await deliverSigned(
      sessionCompleted({
        ...base,
        paymentStatus: 'unpaid',
        type: 'checkout.session.async_payment_failed',
      }),
      'payment_failed',
    );
    expect(await charges()).toHaveLength(0);
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    const mail = t.mailer.sent.find((m) => m.kind === 'payment_failed');
    expect(mail).toMatchObject({ to: 'anna@example.org' });
    expect(mail!.text).toContain('did not go through');
    const history = (await client.get('/api/account/history')).json() as { kind: string }[];
    expect(history.map((e) => e.kind)).toContain('payment_failed');
    expect((await client.post(`/api/payments/${reservation.id}/checkout`)).statusCode).toBe(200);
  });

  it('a paid session this site did not open is ignored, though it names one of its stays', async () => {
    const { client, reservation } = await setup(3);
    const foreign = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      sessionId: 'cs_other_site',
    });
    await deliverSigned(foreign, 'ignored');
    expect(await charges()).toHaveLength(0);
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
  });

  it('a session opened before sessions were recorded counts only if opened before that release', async () => {
    const { client, reservation } = await setup(3);
    const since = new Date(Date.now() - 60_000);
    await t.db
      .insert(appSecrets)
      .values({ name: 'unrecorded-checkout-sessions-until', value: since.toISOString() });
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
    const after = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      created: seconds(since) + 30,
    });
    await deliverSigned(after, 'ignored');
    const before = sessionCompleted({
      reservationId: reservation.id,
      amountTotal: 45000,
      created: seconds(since) - 3_600,
    });
    await deliverSigned(before, 'paid');
    expect(await paymentStatusOf(client, reservation.id)).toBe('paid');
  });

  it('a second payment of a paid stay (two sessions, both paid) is refunded at once', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_second' }));
    const { client, reservation } = await setup(3);
    const { client: admin } = await adminClient(t);
    await admin.patch(`/api/reservations/${reservation.id}/status`, { status: 'approved' });
    const first = await paidSession(reservation.id, 45000);
    const second = await paidSession(reservation.id, 45000);
    await deliverSigned(first, 'paid');
    await deliverSigned(second, 'refunded');
    expect(received('POST /v1/refunds').map((r) => r.body.get('amount'))).toEqual(['45000']);
    const rows = await t.db.select().from(ledgerEntries).orderBy(ledgerEntries.id);
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['charge', 45000],
      ['charge', 45000],
      ['refund', 45000],
    ]);
    expect(rows[1]!.reason).toBe('The reservation was already paid.');
    expect(await paymentStatusOf(client, reservation.id)).toBe('paid');
  });
});
