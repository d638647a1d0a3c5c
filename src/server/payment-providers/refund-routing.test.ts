// A charge is refunded through the provider that took it, whatever
// PAYMENT_PROVIDER says now; one that cannot be refunded is shown to the staff,
// on the dashboard's list and by mail, also for a deleted reservation or a
// member of no church (docs/money.md, "Refunds").
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ledgerEntries, users } from '../db/schema.js';
import {
  TestClient,
  adminClient,
  loggedInClient,
  memberWithAccount,
  reserveDays,
  testConfig,
  BY_THE_DAY,
} from '../testing/harness.js';
import { payInSandbox } from '../testing/sandbox-checkout.js';
import { alreadyRefunded, refundCreated, useFakeStripeApi } from './stripe-fake-api.testing.js';
import { WEBHOOK_SECRET, useStripeApp } from './stripe.testing.js';

const { api, apiPort, received } = await useFakeStripeApi();
const { t, deliverSigned, paidSession } = useStripeApp(apiPort);

/** The same house started again with other payment settings, over the same database. */
const others: Awaited<ReturnType<typeof buildApp>>[] = [];
afterEach(async () => {
  for (const app of others.splice(0)) await app.close();
});
async function restartedWith(env: Record<string, string>) {
  const app = await buildApp({
    config: testConfig({ FACILITY_TIMEZONE: 'America/Chicago', ...env }),
    database: t.database,
    mailer: t.mailer,
    logger: false,
    // Prices by the day and no agreement, as the tests' default house (harness.ts).
    pricing: BY_THE_DAY,
    agreement: null,
    mailPollMs: 0,
    refundPollMs: 0,
    deliverMailBeforeAnswering: true,
  });
  await app.ready();
  others.push(app);
  const admin = new TestClient(app);
  expect(
    (await admin.post('/api/auth/login', { username: 'admin', password: 'adminpass' })).statusCode,
  ).toBe(200);
  return admin;
}

const ledger = () => t.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: `http://127.0.0.1:${apiPort}`,
};

/** anna's approved stay, paid through Stripe ($300.00), and the house's admin. */
async function paidThroughStripe() {
  const { client: admin } = await adminClient(t);
  const { client, account } = await memberWithAccount(t, 'anna');
  const { id } = await reserveDays(t, client, 10, 2);
  await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' });
  await deliverSigned(await paidSession(id, 30000), 'paid');
  return { client, account, id, onStripe: admin };
}

describe('the provider that took the money gives it back', () => {
  it('a sandbox payment is refunded by the sandbox on a site now on Stripe', async () => {
    const { client: admin } = await adminClient(t);
    const { client } = await memberWithAccount(t, 'ben');
    const { id } = await reserveDays(t, client, 10, 2);
    const sandboxSite = await restartedWith({ PAYMENT_PROVIDER: 'sandbox' });
    await sandboxSite.patch(`/api/reservations/${id}/status`, { status: 'approved' });
    const asMember = new TestClient(others[0]!);
    await asMember.post('/api/auth/login', { username: 'ben', password: 'secret123' });
    await payInSandbox(asMember, id);

    // The site is on Stripe now (t.app): the cancellation's refund still goes to the sandbox.
    const res = await admin.patch(`/api/reservations/${id}/status`, { status: 'cancelled' });
    expect(res.json()).toMatchObject({ refundedCents: 30000 });
    expect(received('POST /v1/refunds')).toHaveLength(0);
    expect((await ledger()).map((e) => [e.kind, e.provider])).toEqual([
      ['charge', 'sandbox'],
      ['refund', 'sandbox'],
    ]);
  });

  it('a Stripe payment is refunded through Stripe on a site now on the sandbox with its keys', async () => {
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_after_switch' }));
    const { id } = await paidThroughStripe();
    const admin = await restartedWith({ PAYMENT_PROVIDER: 'sandbox', ...stripeKeys });
    const res = await admin.patch(`/api/reservations/${id}/status`, { status: 'cancelled' });
    expect(res.json()).toMatchObject({ refundedCents: 30000 });
    expect(received('POST /v1/refunds')).toHaveLength(1);
    expect((await ledger()).map((e) => [e.kind, e.provider, e.reference.slice(0, 3)])).toEqual([
      ['charge', 'stripe', 'pi_'],
      ['refund', 'stripe', 're_'],
    ]);
  });

  it('without Stripe’s keys any more, the refund fails for the staff to settle and retry', async () => {
    const { id, account, onStripe } = await paidThroughStripe();
    await t.db.update(users).set({ email: 'office@house.test' }).where(eq(users.username, 'admin'));
    const admin = await restartedWith({ PAYMENT_PROVIDER: 'sandbox' });
    const res = await admin.patch(`/api/reservations/${id}/status`, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    const failed = (await admin.get('/api/admin/refunds?status=failed')).json();
    expect(failed).toEqual([
      expect.objectContaining({
        amountCents: 30000,
        provider: 'stripe',
        accountId: account.id,
        reservationExists: true,
        lastError: expect.stringMatching(/taken through stripe, which this site is not set up/),
      }),
    ]);
    const mail = t.mailer.sent.find((m) => m.kind === 'refund_failed');
    expect(mail).toMatchObject({ to: 'office@house.test' });
    expect(mail!.text).toContain('$300.00');
    expect(mail!.text).toContain(`#${id}`);

    // With the keys back, the staff try it again: made through Stripe.
    api.answers.set('POST /v1/refunds', refundCreated({ id: 're_retried' }));
    const again = await onStripe.post(`/api/admin/refunds/${failed[0].id}/retry`);
    expect(again.statusCode, again.body).toBe(202);
    expect((await ledger()).map((e) => e.kind)).toEqual(['charge', 'refund']);
    expect((await onStripe.post(`/api/admin/refunds/${failed[0].id}/retry`)).statusCode).toBe(409);
  });
});

describe('a refund Stripe refuses', () => {
  it('for a deleted reservation of a member of no church: on the staff’s list and in their mail', async () => {
    api.answers.set('POST /v1/refunds', alreadyRefunded('No.'));
    const { client } = await loggedInClient(t, { username: 'solo', email: 'solo@example.org' });
    const { id } = await reserveDays(t, client, 10, 2);
    const { client: admin } = await adminClient(t);
    await t.db.update(users).set({ email: 'office@house.test' }).where(eq(users.username, 'admin'));
    const session = await paidSession(id, 30000);
    await admin.patch(`/api/reservations/${id}/status`, { status: 'rejected', adminNotes: 'Full' });
    expect((await admin.delete(`/api/reservations/${id}`)).statusCode).toBe(200);

    // The member paid the session opened before: the money is recorded and sent back, which fails.
    await deliverSigned(session, 'refund_failed');
    expect((await ledger()).map((e) => [e.kind, e.reservationId, e.accountId])).toEqual([
      ['charge', id, null],
    ]);
    const failed = (await admin.get('/api/admin/refunds?status=failed')).json();
    expect(failed).toEqual([
      expect.objectContaining({
        reservationId: id,
        reservationExists: false,
        accountId: null,
        accountName: null,
        amountCents: 30000,
      }),
    ]);
    const mails = t.mailer.sent.filter((m) => m.kind === 'refund_failed');
    expect(mails.map((m) => m.to)).toEqual(['office@house.test']);
    expect(mails[0]!.text).toContain(`Reservation: #${id}`);
    expect(mails[0]!.subject).toContain('to the payer');
  });
});
