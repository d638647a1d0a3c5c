// Refunds through Stripe: a payment the house cannot keep is given back at once,
// and an administrator's refund that Stripe fails changes nothing until it is retried.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountEvents, documents, ledgerEntries, refunds } from '../db/schema.js';
import { adminClient, myReservation, paymentStatusOf } from '../testing/harness.js';
import {
  alreadyRefunded,
  refundCreated,
  refundObject,
  useFakeStripeApi,
} from './stripe-fake-api.testing.js';
import { useStripeApp } from './stripe.testing.js';

const { api, apiPort, received } = await useFakeStripeApi();
const { t, deliverSigned, setup, paidSession } = useStripeApp(apiPort);

const paymentIntentOf = (payload: string) =>
  (JSON.parse(payload) as { data: { object: { payment_intent: string } } }).data.object
    .payment_intent;

/** A reservation the admin approved and Stripe's webhook paid in full ($450.00), with that admin. */
async function paidReservation() {
  const made = await setup(3);
  const { client: admin } = await adminClient(t);
  const approved = await admin.patch(`/api/reservations/${made.reservation.id}/status`, {
    status: 'approved',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const payload = await paidSession(made.reservation.id, 45000);
  await deliverSigned(payload, 'paid');
  expect(await paymentStatusOf(made.client, made.reservation.id)).toBe('paid');
  const docs = (await made.client.get('/api/documents')).json() as { kind: string }[];
  expect(docs.map((d) => d.kind)).toEqual(['receipt']);
  return {
    ...made,
    admin,
    reservation: { ...made.reservation, paymentIntent: paymentIntentOf(payload) },
  };
}

describe('POST /api/payments/webhook with PAYMENT_PROVIDER=stripe', () => {
  it('a wrong amount is recorded and refunded at once through Stripe, with a credit note', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_wrong_amount' }));
    const { client, account, reservation } = await setup(3);
    const payload = await paidSession(reservation.id, 30000, { id: 'evt_wrong_amount' });
    const paymentIntent = paymentIntentOf(payload);

    await deliverSigned(payload, 'refunded');

    // Stripe was asked, with a key, to give back exactly what the event charged.
    const refunds = received('POST /v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers.authorization).toBe('Bearer sk_test_x');
    expect(refunds[0]!.headers['idempotency-key']).toEqual(expect.stringMatching(/\S/));
    expect(refunds[0]!.body.get('payment_intent')).toBe(paymentIntent);
    expect(refunds[0]!.body.get('amount')).toBe('30000');
    expect(refunds[0]!.body.get('metadata[reservationId]')).toBe(String(reservation.id));

    // The ledger holds both: the money that came in and the money that went back.
    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      kind: 'charge',
      reservationId: reservation.id,
      accountId: account.id,
      provider: 'stripe',
      eventId: 'evt_wrong_amount',
      reference: paymentIntent,
      amountCents: 30000,
      currency: 'USD',
    });
    expect(rows[1]).toMatchObject({
      kind: 'refund',
      reservationId: reservation.id,
      accountId: account.id,
      provider: 'stripe',
      reference: 're_wrong_amount',
      amountCents: 30000,
      currency: 'USD',
      chargeId: rows[0]!.id,
    });
    expect(rows[1]!.reason).toMatch(/did not match/);

    // Nothing was paid: no receipt, a credit note for the church.
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    const docs = await t.db.select().from(documents);
    expect(docs.map((d) => d.kind)).toEqual(['credit_note']);
    expect(docs[0]).toMatchObject({ accountId: account.id, reservationId: reservation.id });
    expect(rows[1]!.documentId).toBe(docs[0]!.id);
    const mine = (await client.get('/api/documents')).json() as { kind: string }[];
    expect(mine.map((d) => d.kind)).toEqual(['credit_note']);
    const mail = t.mailer.last('anna@example.org');
    expect(mail?.subject).toMatch(/refund of \$300\.00/);
    expect(mail?.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);

    // Stripe delivers the event again: nothing is refunded twice.
    await deliverSigned(payload, 'duplicate');
    expect(received('POST /v1/refunds')).toHaveLength(1);
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(2);
  });

  it('a payment Stripe refuses to refund is kept on the ledger and answered 200, so Stripe stops redelivering', async () => {
    api.answers.set('POST /v1/refunds', alreadyRefunded('Already refunded.'));
    const { account, reservation } = await setup(3);
    const payload = await paidSession(reservation.id, 30000, { id: 'evt_refused' });
    await deliverSigned(payload, 'refund_failed');
    const rows = await t.db.select().from(ledgerEntries);
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([['charge', 30000]]);
    expect(rows[0]!.reason).toMatch(/did not match/);
    const events = await t.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.kind, 'payment_refund_failed'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ accountId: account.id, reservationId: reservation.id });
    await deliverSigned(payload, 'duplicate');
  });

  it('a wrong currency is refunded too; an unpaid session (a bank debit begun) pays nothing yet', async () => {
    api.answers.set('POST /v1/refunds', refundCreated());
    const { client, reservation } = await setup(3);
    const wrong = await paidSession(reservation.id, 45000, { currency: 'eur' });
    await deliverSigned(wrong, 'refunded');
    expect(received('POST /v1/refunds').map((r) => r.body.get('amount'))).toEqual(['45000']);
    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows.map((r) => [r.kind, r.amountCents, r.currency])).toEqual([
      ['charge', 45000, 'EUR'],
      ['refund', 45000, 'EUR'],
    ]);

    const unpaid = await paidSession(reservation.id, 45000, { paymentStatus: 'unpaid' });
    await deliverSigned(unpaid, 'payment_pending');
    expect(await paymentStatusOf(client, reservation.id)).toBe('unpaid');
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(2);
    expect(received('POST /v1/refunds')).toHaveLength(1);
  });

  it('an admin rejecting a paid reservation refunds the part they chose through Stripe', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_partial' }));
    const { client, admin, reservation } = await paidReservation();
    const part = 20000;

    const rejected = await admin.patch(`/api/reservations/${reservation.id}/status`, {
      status: 'rejected',
      refundCents: part,
      refundReason: 'Partial',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      id: reservation.id,
      status: 'rejected',
      paidCents: 45000,
      refundedCents: part,
    });

    const refunds = received('POST /v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body.get('amount')).toBe(String(part));
    expect(refunds[0]!.body.get('payment_intent')).toBe(reservation.paymentIntent);
    expect(refunds[0]!.headers['idempotency-key']).toEqual(expect.stringMatching(/\S/));

    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows.map((r) => [r.kind, r.amountCents, r.reference])).toEqual([
      ['charge', 45000, reservation.paymentIntent],
      ['refund', part, 're_partial'],
    ]);
    expect(rows[1]).toMatchObject({ chargeId: rows[0]!.id, reason: 'Partial' });
    const kinds = ((await client.get('/api/documents')).json() as { kind: string }[])
      .map((d) => d.kind)
      .sort();
    expect(kinds).toEqual(['credit_note', 'receipt']);
  });

  it('a refund Stripe cannot make now is kept and made later, with the same Idempotency-Key', async () => {
    let calls = 0;
    api.answers.set('POST /v1/refunds', (req) => {
      calls += 1;
      // A final failure: Stripe's header tells the package not to retry it itself.
      if (calls === 1) {
        return {
          status: 500,
          headers: { 'stripe-should-retry': 'false' },
          body: { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } },
        };
      }
      return { status: 200, body: refundObject(req, { id: 're_retried' }) };
    });
    const { client, admin, reservation } = await paidReservation();
    const part = 20000;

    // The rejection stands: the refund is recorded and waits for Stripe.
    const rejected = await admin.patch(`/api/reservations/${reservation.id}/status`, {
      status: 'rejected',
      refundCents: part,
      refundReason: 'Partial',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', refundedCents: 0 });
    const [waiting] = await t.db.select().from(refunds);
    expect(waiting).toMatchObject({ status: 'pending', amountCents: part, attempts: 1 });
    expect(waiting!.lastError).toMatch(/could not make the refund now \(HTTP 500/);
    expect((await t.db.select().from(ledgerEntries)).map((r) => r.kind)).toEqual(['charge']);

    // The worker asks again: Stripe answers with the refund, made once.
    expect(await t.app.refunds.drain()).toBe(1);
    expect(await myReservation(client, reservation.id)).toMatchObject({ refundedCents: part });
    const asked = received('POST /v1/refunds');
    expect(asked).toHaveLength(2);
    const [first, second] = asked.map((r) => r.headers['idempotency-key']);
    expect(first).toEqual(expect.stringMatching(/\S/));
    expect(second).toBe(first);
    expect(asked.map((r) => r.body.get('amount'))).toEqual([String(part), String(part)]);
    const rows = await t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(rows.map((r) => [r.kind, r.amountCents, r.reference])).toEqual([
      ['charge', 45000, reservation.paymentIntent],
      ['refund', part, 're_retried'],
    ]);
    expect(await t.db.select().from(refunds)).toEqual([
      expect.objectContaining({ status: 'succeeded', ledgerEntryId: rows[1]!.id }),
    ]);
  });
});
