// Refund decisions through Stripe (docs/money.md, "Refunds"): Stripe busy is
// not Stripe refusing; a slow refund call keeps its claim against a second
// instance; another site's refund event settles nothing here; one credit note
// per decision, listing its parts, latest payment first.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GROUP_PRICING } from '../../../shared/group-pricing.testing.js';
import { buildApp } from '../../app.js';
import { documents, ledgerEntries } from '../../db/schema.js';
import {
  answersInTurn,
  busy,
  refundCreated,
} from '../../payment-providers/stripe-fake-api.testing.js';
import { refundEvent } from '../../payment-providers/stripe.testing.js';
import { CapturingMailer } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';
import { myReservation } from '../../testing/reservations.js';
import { BALANCE, DEPOSIT, PRICE, useStripeGroupHouse } from './money-stripe.testing.js';

const { api, received, t, deliverSigned, approvedStay, pay, refundRows, refundAsks } =
  await useStripeGroupHouse();

describe('Stripe busy is not Stripe refusing', () => {
  for (const status of [409, 429] as const) {
    it(`a ${status} is asked again with the same key, and the refund is made`, async () => {
      api.answers.set(
        'POST /v1/refunds',
        answersInTurn(1, busy(status), refundCreated({ id: `re_after_${status}` })),
      );
      const { client, admin, id } = await approvedStay();
      await pay(id, PRICE);
      const cancelled = await admin.patch(`/api/reservations/${id}/status`, {
        status: 'cancelled',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [waiting] = await refundRows();
      expect(waiting).toMatchObject({ status: 'pending' });
      expect(waiting!.lastError).toMatch(new RegExp(`HTTP ${status}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.app.refunds.drain();
      const keys = received('POST /v1/refunds').map((r) => r.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await refundRows()).toEqual([expect.objectContaining({ status: 'succeeded' })]);
      expect(await myReservation(client, id)).toMatchObject({ refundedCents: PRICE });
    });
  }
});

describe('two instances and a refund call that outlasts the lease', () => {
  it('the second instance never asks again while the first waits for Stripe', async () => {
    const { admin, id } = await approvedStay();
    await pay(id, PRICE);
    // Stripe takes 2.5 s to answer; the lease is 1 s.
    api.answers.set('POST /v1/refunds', (req) => ({
      ...refundCreated({ id: 're_slow_call' })(req),
      delayMs: 2500,
    }));
    const second = await buildApp({
      config: { ...t.config, refundLeaseSeconds: 1 },
      database: t.database,
      mailer: new CapturingMailer(),
      logger: false,
      mailPollMs: 0,
      refundPollMs: 0,
    });
    await second.ready();
    try {
      const first = await buildApp({
        config: { ...t.config, refundLeaseSeconds: 1 },
        database: t.database,
        mailer: new CapturingMailer(),
        logger: false,
        mailPollMs: 0,
        refundPollMs: 0,
        pricing: GROUP_PRICING,
      });
      await first.ready();
      try {
        // The first instance records the cancellation's refund and asks Stripe.
        const cancelling = first.inject({
          method: 'PATCH',
          url: `/api/reservations/${id}/status`,
          headers: {
            cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
          },
          payload: { status: 'cancelled' },
        });
        // Past the lease, the second instance looks for due refunds, twice.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await second.refunds.drain();
        await new Promise((resolve) => setTimeout(resolve, 500));
        await second.refunds.drain();
        const res = await cancelling;
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await first.close();
      }
    } finally {
      await second.close();
    }
    expect(received('POST /v1/refunds')).toHaveLength(1);
    expect(await refundRows()).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});

describe('refund events of another site on the same Stripe account', () => {
  it('an event naming one of our refund ids for another charge settles nothing', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_ours', status: 'pending' }));
    const { client, admin, id } = await approvedStay();
    await pay(id, PRICE);
    await admin.patch(`/api/reservations/${id}/status`, { status: 'cancelled' });
    const [ours] = await refundRows();
    expect(ours).toMatchObject({ status: 'processing', providerReference: 're_ours' });
    await deliverSigned(
      refundEvent({
        refundId: 're_theirs',
        paymentIntent: 'pi_of_another_site',
        amount: PRICE,
        status: 'succeeded',
        metadata: { refundId: String(ours!.id) },
      }),
      'ignored',
    );
    expect(await refundRows()).toEqual([
      expect.objectContaining({ status: 'processing', providerReference: 're_ours' }),
    ]);
    expect(
      (await t.db.select().from(ledgerEntries)).filter((e) => e.kind === 'refund'),
    ).toHaveLength(0);
    expect(await myReservation(client, id)).toMatchObject({ refundedCents: 0 });
  });
});

describe('one credit note per refund decision', () => {
  it('a cancellation that takes from the balance and the deposit writes one note listing both', async () => {
    let n = 0;
    api.answers.set('POST /v1/refunds', (req) => refundCreated({ id: `re_part_${++n}` })(req));
    const { client, admin, id } = await approvedStay();
    await pay(id, DEPOSIT);
    await pay(id, BALANCE);
    const cancelled = await admin.patch(`/api/reservations/${id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Latest payment first.
    expect(refundAsks().map(([, amount]) => amount)).toEqual([String(BALANCE), String(DEPOSIT)]);
    const notes = await t.db
      .select()
      .from(documents)
      .where(eq(documents.kind, 'credit_note'))
      .orderBy(documents.id);
    expect(notes).toHaveLength(1);
    const text = await pdfText(notes[0]!.content);
    expect(text).toMatch(/Part 1.*\$3,525\.00 of the payment of \$3,525\.00.*re_part_1/s);
    expect(text).toMatch(/Part 2.*\$1,175\.00 of the payment of \$1,175\.00.*re_part_2/s);
    expect(text).toMatch(/Amount refunded.*\$4,700\.00/s);
    expect(t.mailer.sent.filter((m) => m.kind === 'credit_note')).toHaveLength(1);
    expect(await myReservation(client, id)).toMatchObject({ refundedCents: PRICE });
  });
});
