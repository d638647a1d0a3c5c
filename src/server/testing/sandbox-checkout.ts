// The server tests' helpers for paying in the sandbox's card form: the
// checkout that hands out its signed token, a card that pays, and the check
// that a refused charge left nothing behind.
import { expect } from 'vitest';
import { documents, ledgerEntries } from '../db/schema.js';
import type { TestContext } from './harness.js';
import { paymentStatusOf } from './reservations.js';
import type { TestClient } from './test-client.js';

/** A card expiry one year ahead, as MM/YY. */
function futureExpiry() {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

/** The sandbox frame's url for a reservation, from its checkout, and the token in it. */
export async function sandboxCheckout(
  client: TestClient,
  reservationId: number,
  part?: 'deposit' | 'balance',
) {
  const res = await client.post(
    `/api/payments/${reservationId}/checkout`,
    part ? { part } : undefined,
  );
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  const params = new URL(url, 'http://site.test').searchParams;
  const token = params.get('token');
  expect(token).toBeTruthy();
  return { url, token: token!, number: Number(params.get('number')) };
}

/** The charge form's fields for `token`, with the test card that pays. */
export const goodCard = (token: string) => ({
  token,
  cardNumber: '4242 4242 4242 4242',
  expiry: futureExpiry(),
  cvc: '123',
});

/** Pays through the sandbox as the member would: the checkout's token, then the card form. */
export async function payInSandbox(
  client: TestClient,
  reservationId: number,
  part?: 'deposit' | 'balance',
) {
  const { token } = await sandboxCheckout(client, reservationId, part);
  const res = await client.post('/pay/sandbox/charge', goodCard(token));
  expect(res.statusCode, res.body).toBe(200);
}

/** The mails delivered with a PDF attached: receipts and credit notes. */
export const pdfMails = (ctx: Pick<TestContext, 'mailer'>) =>
  ctx.mailer.sent.filter((m) => m.attachments?.some((a) => a.contentType === 'application/pdf'));

/** The reservation is unpaid, and no ledger entry, document or receipt mail exists. */
export async function expectNothingPaid(
  ctx: Pick<TestContext, 'db' | 'mailer'>,
  client: TestClient,
  reservationId: number,
) {
  expect(await paymentStatusOf(client, reservationId)).toBe('unpaid');
  expect(await ctx.db.select().from(ledgerEntries)).toHaveLength(0);
  expect(await ctx.db.select().from(documents)).toHaveLength(0);
  expect(pdfMails(ctx)).toHaveLength(0);
}
