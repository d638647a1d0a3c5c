// The money tests through Stripe (docs/money.md): the group house (a 25 %
// deposit, not refundable; 100 % back at 30 days or more) with PAYMENT_PROVIDER
// =stripe and its refunds sent to a local fake of the Stripe API.
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import { GROUP_PRICING } from '../../../shared/group-pricing.testing.js';
import { refunds } from '../../db/schema.js';
import { useFakeStripeApi } from '../../payment-providers/stripe-fake-api.testing.js';
import { useStripeApp } from '../../payment-providers/stripe.testing.js';
import { adminClient, memberWithAccount } from '../../testing/harness.js';

// 20 guests, 2 nights, full board: $4,700.00; the deposit $1,175.00; the balance $3,525.00.
export const PRICE = 470000;
export const DEPOSIT = 117500;
export const BALANCE = PRICE - DEPOSIT;
// 15 guests: 2 × 15 × $65.00 + 3 × 15 × $35.00.
export const PRICE_FOR_15 = 352500;

const TZ = 'America/Chicago';

/** Call at the top of a test file. */
export async function useStripeGroupHouse() {
  const { api, apiPort, received } = await useFakeStripeApi();
  const { t, deliverSigned, paidSession } = useStripeApp(apiPort, { pricing: GROUP_PRICING });

  /** anna's approved group stay 60 days ahead (the 100 % tier). */
  async function approvedStay() {
    const { client } = await memberWithAccount(t, 'anna');
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
    const id = (res.json() as { id: number }).id;
    const { client: admin } = await adminClient(t);
    const approved = await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    return { client, admin, id };
  }

  /** A payment through Stripe; returns its payment intent. */
  async function pay(id: number, amountCents: number, outcome = 'paid') {
    const payload = await paidSession(id, amountCents);
    await deliverSigned(payload, outcome);
    return (JSON.parse(payload) as { data: { object: { payment_intent: string } } }).data.object
      .payment_intent;
  }

  const refundRows = () => t.db.select().from(refunds).orderBy(asc(refunds.id));
  /** Each refund asked of Stripe: [payment intent, amount]. */
  const refundAsks = () =>
    received('POST /v1/refunds').map((r) => [r.body.get('payment_intent'), r.body.get('amount')]);

  return { api, received, t, deliverSigned, approvedStay, pay, refundRows, refundAsks };
}
