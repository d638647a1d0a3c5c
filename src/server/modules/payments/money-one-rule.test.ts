// One rule for what a stay has paid (docs/money.md, "Paid and owed"): every
// refund not failed counts, pending ones included; a refused payment never
// counts; a failed refund is tried again only up to what is still owed.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, refunds } from '../../db/schema.js';
import { alreadyRefunded, refundCreated } from '../../payment-providers/stripe-fake-api.testing.js';
import { refundEvent } from '../../payment-providers/stripe.testing.js';
import { myReservation } from '../../testing/reservations.js';
import {
  BALANCE,
  DEPOSIT,
  PRICE,
  PRICE_FOR_15,
  useStripeGroupHouse,
} from './money-stripe.testing.js';
import { sendFinalCount } from '../stays/stays.testing.js';

const { api, received, t, deliverSigned, approvedStay, pay, refundRows, refundAsks } =
  await useStripeGroupHouse();

describe('paid is what was charged less every refund not failed', () => {
  it('a final-count refund still pending: a cancellation at the 100 % tier returns only the rest, the deposit stays', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_pending', status: 'pending' }));
    const { client, id } = await approvedStay();
    const depositIntent = await pay(id, DEPOSIT);
    const balanceIntent = await pay(id, BALANCE);
    const counted = await sendFinalCount(client, id, 15);
    expect(counted.statusCode, counted.body).toBe(200);
    // Taken from the latest payment, and pending at Stripe (a bank debit's refund takes days).
    expect(refundAsks()).toEqual([[balanceIntent, String(PRICE - PRICE_FOR_15)]]);
    expect((await refundRows()).map((r) => r.status)).toEqual(['processing']);

    // Paid now: $4,700.00 less the $1,175.00 on its way back; the deposit stays with the house.
    const quote = await client.get(`/api/reservations/${id}/cancellation-quote`);
    expect(quote.json()).toMatchObject({
      paidCents: PRICE_FOR_15,
      depositKeptCents: DEPOSIT,
      refundCents: PRICE_FOR_15 - DEPOSIT,
    });
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_cancel' }));
    const cancelled = await client.patch(`/api/reservations/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(refundAsks()).toEqual([
      [balanceIntent, String(PRICE - PRICE_FOR_15)],
      [balanceIntent, String(PRICE_FOR_15 - DEPOSIT)],
    ]);
    // The deposit's payment is never touched: what went back is everything but the deposit.
    expect(refundAsks().some(([intent]) => intent === depositIntent)).toBe(false);
  });

  it('a balance paid while a refused payment’s refund is pending pays only what is owed', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_stray', status: 'pending' }));
    const { client, id } = await approvedStay();
    // The balance's amount while nothing is paid: neither the deposit nor the whole. Refused.
    await pay(id, BALANCE, 'refund_pending');
    expect((await refundRows()).map((r) => [r.cause, r.status])).toEqual([
      ['not_accepted', 'processing'],
    ]);
    // The refused money is not paid: the deposit may be paid, and it is only the deposit.
    await pay(id, DEPOSIT, 'paid');
    const mine = await myReservation(client, id);
    expect(mine).toMatchObject({ paymentStatus: 'unpaid' });
    expect(mine!.priceCents - mine!.paidCents + mine!.refundedCents).toBe(BALANCE);
    // And when that refund fails at Stripe, the refused payment still does not count.
    const [stray] = await refundRows();
    await deliverSigned(
      refundEvent({
        refundId: 're_stray',
        paymentIntent: received('POST /v1/refunds')[0]!.body.get('payment_intent')!,
        amount: BALANCE,
        status: 'failed',
        type: 'refund.failed',
        metadata: { refundId: String(stray!.id) },
      }),
      'refund_failed',
    );
    const after = await myReservation(client, id);
    expect(after).toMatchObject({ paymentStatus: 'unpaid' });
    expect(after!.priceCents - after!.paidCents + after!.refundedCents).toBe(BALANCE);
    api.answers.set('POST /v1/checkout/sessions', () => ({
      status: 200,
      body: { id: 'cs_balance', object: 'checkout.session', url: 'https://pay.test/balance' },
    }));
    const checkout = await client.post(`/api/payments/${id}/checkout`, {});
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [session] = received('POST /v1/checkout/sessions').slice(-1);
    expect(session!.body.get('line_items[0][price_data][unit_amount]')).toBe(String(BALANCE));
  });
});

describe('a failed refund is tried again only up to what is still owed', () => {
  it('after a later refund gave the money back, Try again refuses (409) and asks nothing', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_later' }));
    const { admin, id } = await approvedStay();
    const depositIntent = await pay(id, DEPOSIT);
    await pay(id, BALANCE);
    // A refund of $1,000.00 of the deposit's payment that Stripe refused.
    const [deposit] = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, depositIntent));
    const [failed] = await t.db
      .insert(refunds)
      .values({
        chargeId: deposit!.id,
        reservationId: id,
        accountId: deposit!.accountId,
        amountCents: 100000,
        currency: 'USD',
        provider: 'stripe',
        cause: 'final_count:12',
        idempotencyKey: 'refund-test-failed',
        reason: 'Final count',
        status: 'failed',
        lastError: 'refused',
        createdAt: new Date(Date.now() - 60_000),
        completedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    // Then the house cancels and gives back $3,000.00, reckoned with that money still paid.
    const cancelled = await admin.patch(`/api/reservations/${id}/status`, {
      status: 'cancelled',
      refundCents: 300000,
      refundReason: 'What we agreed on the phone',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(refundAsks()).toHaveLength(1);

    const retry = await admin.post(`/api/admin/refunds/${failed!.id}/retry`, {});
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'refund_too_large' });
    expect(refundAsks()).toHaveLength(1);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, failed!.id));
    expect(row).toMatchObject({ status: 'failed', amountCents: 100000 });
  });

  it('with nothing given back since, Try again asks for it whole', async () => {
    api.answers.set('POST /v1/refunds', alreadyRefunded('No.'));
    const { client, admin, id } = await approvedStay();
    await pay(id, PRICE);
    await sendFinalCount(client, id, 15);
    const [failed] = await refundRows();
    expect(failed).toMatchObject({ status: 'failed', amountCents: PRICE - PRICE_FOR_15 });
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_again' }));
    const retry = await admin.post(`/api/admin/refunds/${failed!.id}/retry`, {});
    expect(retry.statusCode, retry.body).toBe(202);
    expect(refundAsks().map(([, amount]) => amount)).toEqual([
      String(PRICE - PRICE_FOR_15),
      String(PRICE - PRICE_FOR_15),
    ]);
    expect(await myReservation(client, id)).toMatchObject({
      refundedCents: PRICE - PRICE_FOR_15,
      paymentStatus: 'paid',
    });
  });
});
