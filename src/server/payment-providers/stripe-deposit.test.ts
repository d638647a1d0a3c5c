// A group's deposit, then its balance, through Stripe (a local fake of its
// API): each a checkout session of its own for the right amount, each paid
// by its event (docs/money.md, "Deposit, then balance").
import { describe, expect, it } from 'vitest';
import { adminClient, memberWithAccount, myReservation } from '../testing/harness.js';
import { AGREEMENT, GROUP_PRICING } from '../modules/stays/stays.testing.js';
import { useFakeStripeApi } from './stripe-fake-api.testing.js';
import { sessionCompleted, useStripeApp } from './stripe.testing.js';

const { api, apiPort, received } = await useFakeStripeApi();
const { t, deliverSigned } = useStripeApp(apiPort, {
  pricing: GROUP_PRICING,
  agreement: AGREEMENT,
});

describe('deposit then balance through Stripe', () => {
  it('opens a session for each part, and each event pays that part', async () => {
    let n = 0;
    api.answers.set('POST /v1/checkout/sessions', () => {
      n += 1;
      return {
        status: 200,
        body: { id: `cs_part_${n}`, object: 'checkout.session', url: `https://pay.test/${n}` },
      };
    });
    const { client } = await memberWithAccount(t, 'anna');
    const made = await client.post('/api/reservations', {
      startTime: '2031-05-10T00:00:00.000Z',
      endTime: '2031-05-12T23:59:59.999Z',
      eventName: 'Choir weekend',
      eventDescription: 'Singing',
      guests: 20,
      mealPlan: 'full-board',
    });
    const { id } = made.json() as { id: number };
    const { client: admin } = await adminClient(t);
    await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' });
    await client.post(`/api/reservations/${id}/agreement`, { fullName: 'Anna Lindqvist' });

    expect(
      (await client.post(`/api/payments/${id}/checkout`, { part: 'deposit' })).statusCode,
    ).toBe(200);
    const [depositSession] = received('POST /v1/checkout/sessions');
    expect(depositSession!.body.get('line_items[0][price_data][unit_amount]')).toBe('117500');
    expect(depositSession!.body.get('line_items[0][price_data][product_data][name]')).toContain(
      'deposit',
    );
    await deliverSigned(
      sessionCompleted({ reservationId: id, amountTotal: 117500, sessionId: 'cs_part_1' }),
      'paid',
    );
    expect(await myReservation(client, id)).toMatchObject({
      paidCents: 117500,
      paymentStatus: 'unpaid',
    });

    expect((await client.post(`/api/payments/${id}/checkout`)).statusCode).toBe(200);
    const balanceSession = received('POST /v1/checkout/sessions')[1]!;
    expect(balanceSession.body.get('line_items[0][price_data][unit_amount]')).toBe('352500');
    expect(balanceSession.body.get('line_items[0][price_data][product_data][name]')).toContain(
      'balance',
    );
    await deliverSigned(
      sessionCompleted({ reservationId: id, amountTotal: 352500, sessionId: 'cs_part_2' }),
      'paid',
    );
    expect(await myReservation(client, id)).toMatchObject({
      paidCents: 470000,
      paymentStatus: 'paid',
    });
  });
});
