// Refunds through Stripe when something fails (docs/money.md, "Refunds"): the
// provider is asked only after the change that decided the refund committed, so
// a failed commit refunds nothing and its retry with another amount refunds once;
// a refund Stripe has pending is finished by its event; one made by hand in
// Stripe's dashboard is recorded; one that fails after it was made is reversed.
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, refunds } from '../db/schema.js';
import { adminClient, myReservation } from '../testing/harness.js';
import { refundCreated, useFakeStripeApi } from './stripe-fake-api.testing.js';
import { refundEvent, useStripeApp } from './stripe.testing.js';

const { api, apiPort, received } = await useFakeStripeApi();
const { t, deliverSigned, setup, paidSession } = useStripeApp(apiPort);

/** An approved reservation paid $450.00 through Stripe, with the admin. */
async function paid() {
  const made = await setup(3);
  const { client: admin } = await adminClient(t);
  await admin.patch(`/api/reservations/${made.reservation.id}/status`, { status: 'approved' });
  const payload = await paidSession(made.reservation.id, 45000);
  await deliverSigned(payload, 'paid');
  const paymentIntent = (JSON.parse(payload) as { data: { object: { payment_intent: string } } })
    .data.object.payment_intent;
  return { ...made, admin, paymentIntent };
}

const ledger = () => t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));

describe('refunds through Stripe, when something fails', () => {
  it('a cancellation whose commit fails refunds nothing; its retry with another amount refunds once', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_once' }));
    const { client, admin, reservation } = await paid();
    // The database refuses the first commit that records an account event: a failed commit.
    await t.db.execute(sql`create sequence commit_fault`);
    await t.db.execute(sql`
      create function fail_first_commit() returns trigger language plpgsql as $$
      begin
        if nextval('commit_fault') = 1 then raise exception 'injected commit failure'; end if;
        return null;
      end $$`);
    await t.db.execute(sql`
      create constraint trigger fail_first_commit after insert on account_events
      deferrable initially deferred for each row execute function fail_first_commit()`);
    try {
      const failed = await admin.patch(`/api/reservations/${reservation.id}/status`, {
        status: 'cancelled',
        refundCents: 20000,
        refundReason: 'Half of it',
      });
      expect(failed.statusCode).toBe(500);
      expect(received('POST /v1/refunds')).toHaveLength(0);
      expect(await myReservation(client, reservation.id)).toMatchObject({
        status: 'approved',
        refundedCents: 0,
      });

      const retried = await admin.patch(`/api/reservations/${reservation.id}/status`, {
        status: 'cancelled',
        refundCents: 30000,
        refundReason: 'Two thirds',
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'cancelled', refundedCents: 30000 });
    } finally {
      await t.db.execute(sql`drop trigger fail_first_commit on account_events`);
      await t.db.execute(sql`drop function fail_first_commit`);
      await t.db.execute(sql`drop sequence commit_fault`);
    }
    expect(received('POST /v1/refunds').map((r) => r.body.get('amount'))).toEqual(['30000']);
    expect((await ledger()).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 45000],
      ['refund', 30000],
    ]);
  });

  it('a refund Stripe has pending is made when its refund.updated event says so', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_slow', status: 'pending' }));
    const { client, admin, reservation, paymentIntent } = await paid();
    const cancelled = await admin.patch(`/api/reservations/${reservation.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    const [row] = await t.db.select().from(refunds);
    expect(row).toMatchObject({ status: 'processing', providerReference: 're_slow' });
    expect((await ledger()).map((e) => e.kind)).toEqual(['charge']);

    const done = refundEvent({
      refundId: 're_slow',
      paymentIntent,
      amount: 45000,
      status: 'succeeded',
      metadata: { refundId: String(row!.id) },
    });
    await deliverSigned(done, 'refunded');
    await deliverSigned(done, 'refunded');
    expect(await myReservation(client, reservation.id)).toMatchObject({ refundedCents: 45000 });
    expect((await ledger()).map((e) => [e.kind, e.reference])).toEqual([
      ['charge', paymentIntent],
      ['refund', 're_slow'],
    ]);
  });

  it('a refund made by hand in Stripe’s dashboard is recorded with a credit note, once', async () => {
    const { client, reservation, paymentIntent } = await paid();
    const byHand = refundEvent({
      refundId: 're_by_hand',
      paymentIntent,
      amount: 5000,
      status: 'succeeded',
      type: 'refund.created',
    });
    await deliverSigned(byHand, 'refunded');
    await deliverSigned(byHand, 'refunded');
    expect(await myReservation(client, reservation.id)).toMatchObject({ refundedCents: 5000 });
    const entries = await ledger();
    expect(entries.map((e) => [e.kind, e.amountCents, e.reference])).toEqual([
      ['charge', 45000, paymentIntent],
      ['refund', 5000, 're_by_hand'],
    ]);
    expect(entries[1]!.reason).toMatch(/outside this site/);
    const docs = ((await client.get('/api/documents')).json() as { kind: string }[]).map(
      (d) => d.kind,
    );
    expect(docs.sort()).toEqual(['credit_note', 'receipt']);
    // A refund of a payment this site never took is none of its business.
    const foreign = refundEvent({
      refundId: 're_x',
      paymentIntent: 'pi_elsewhere',
      amount: 100,
      status: 'succeeded',
    });
    await deliverSigned(foreign, 'ignored');
    expect(await ledger()).toHaveLength(2);
  });

  it('a refund that fails after it was made is reversed on the ledger and the staff are told', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_bounced' }));
    const { client, admin, reservation, paymentIntent } = await paid();
    await t.db.execute(sql`update users set email = 'office@house.test' where username = 'admin'`);
    await admin.patch(`/api/reservations/${reservation.id}/status`, { status: 'cancelled' });
    expect(await myReservation(client, reservation.id)).toMatchObject({ refundedCents: 45000 });

    const bounced = refundEvent({
      refundId: 're_bounced',
      paymentIntent,
      amount: 45000,
      status: 'failed',
      type: 'refund.failed',
    });
    await deliverSigned(bounced, 'refund_failed');
    await deliverSigned(bounced, 'refund_failed');
    const entries = await ledger();
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 45000],
      ['refund', 45000],
      ['charge', 45000],
    ]);
    expect(entries[2]!.reason).toMatch(/failed after it was made/);
    expect(await myReservation(client, reservation.id)).toMatchObject({
      paidCents: 90000,
      refundedCents: 45000,
    });
    const failed = (await admin.get('/api/admin/refunds?status=failed')).json();
    expect(failed).toEqual([
      expect.objectContaining({ status: 'failed', amountCents: 45000, accountName: 'Church anna' }),
    ]);
    expect(t.mailer.sent.filter((m) => m.kind === 'refund_failed').map((m) => m.to)).toEqual([
      'office@house.test',
    ]);
  });
});
