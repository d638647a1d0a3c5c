// Paying with the sandbox's card form (POST /pay/sandbox/charge): the test card pays
// once, with a receipt; only the token's own member may pay, and only what is owed.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, documents, ledgerEntries } from '../db/schema.js';
import {
  TestClient,
  adminClient,
  memberWithAccount,
  paymentStatusOf,
  reserveDays,
} from '../testing/harness.js';
import {
  expectNothingPaid,
  goodCard,
  pdfMails,
  sandboxCheckout,
} from '../testing/sandbox-checkout.js';
import { inHalfAnHour, useSandboxApp } from './sandbox.testing.js';

const { t, signedToken, charges } = useSandboxApp();

describe('POST /pay/sandbox/charge', () => {
  it('the test card pays: paid status, a ledger charge, a receipt document and a mail to the primary contact', async () => {
    const { client, account } = await memberWithAccount(t, 'anna');
    await t.db
      .update(accounts)
      .set({ primaryContactEmail: 'treasurer@church.test' })
      .where(eq(accounts.id, account.id));
    const r = await reserveDays(t, client, 10, 3);
    // The frame the Payments page shows, then the form's post.
    const { url, token } = await sandboxCheckout(client, r.id);
    const frame = await client.get(url);
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('$450.00');

    const res = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded' });

    expect(await paymentStatusOf(client, r.id)).toBe('paid');
    // Paying again with the same token is refused: no second charge.
    const again = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Nothing is owed on this reservation any more.',
      code: 'nothing_owed',
    });
    const rows = await t.db.select().from(ledgerEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'charge',
      reservationId: r.id,
      accountId: account.id,
      provider: 'sandbox',
      amountCents: 45000,
      currency: 'USD',
    });
    expect(rows[0]!.reference).toMatch(/^sbx_/);

    const docs = (await client.get('/api/documents')).json() as {
      id: number;
      kind: string;
      description: string;
      reservationId: number | null;
    }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]!.kind).toBe('receipt');
    expect(docs[0]!.description).toContain(`Reservation ID: ${r.id}`);
    expect(docs[0]!.reservationId).toBe(r.id);
    expect(rows[0]!.documentId).toBe(docs[0]!.id);

    const mails = pdfMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('treasurer@church.test');
    expect(mails[0]!.text).toContain('$450.00');
    const pdf = mails[0]!.attachments!.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');

    // The receipt opens through the documents' signed link, inline for a new tab.
    const link = (
      await client.get(`/api/documents/${docs[0]!.id}/download?disposition=inline`)
    ).json() as { downloadUrl: string };
    const file = await t.app.inject({ method: 'GET', url: link.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(Buffer.from(file.rawPayload).equals(pdf.content)).toBe(true);

    // Paying is over: the checkout now refuses.
    const closed = await client.post(`/api/payments/${r.id}/checkout`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('not_payable');
  });

  it("mails the user's own email when the account has no primary contact email", async () => {
    const { client } = await memberWithAccount(t, 'anna', 'anna@example.org');
    const r = await reserveDays(t, client, 10, 2);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
    expect(pdfMails(t).map((m) => m.to)).toEqual(['anna@example.org']);
  });

  it('needs the CSRF header: without it, or with another value, 403 csrf_failed and nothing is paid', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    // The member's own cookies (session and XSRF-TOKEN), but no header.
    const noHeader = new TestClient(t.app, { csrf: false });
    noHeader.cookies = new Map(client.cookies);
    const missing = await noHeader.post('/pay/sandbox/charge', goodCard(token));
    expect(missing.statusCode, missing.body).toBe(403);
    expect(missing.json()).toEqual({ message: expect.any(String), code: 'csrf_failed' });
    const forged = await client.request({
      method: 'POST',
      url: '/pay/sandbox/charge',
      payload: goodCard(token),
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode, forged.body).toBe(403);
    expect(forged.json().code).toBe('csrf_failed');
    await expectNothingPaid(t, client, r.id);
    // With the header, the same member and token pay.
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
  });

  it('a visitor, another member, or a forged or garbled token: the same 404, nothing written', async () => {
    const { client, user } = await memberWithAccount(t, 'anna');
    const { client: bob } = await memberWithAccount(t, 'bob');
    const r = await reserveDays(t, client, 10, 3);
    const { token } = await sandboxCheckout(client, r.id);
    const [body] = token.split('.');
    // A token for a cheaper price, signed with some other key.
    const cheap = Buffer.from(JSON.stringify([r.id, user.id, 100, 'USD', inHalfAnHour()])).toString(
      'base64url',
    );
    const answers = {
      visitor: await new TestClient(t.app).post('/pay/sandbox/charge', goodCard(token)),
      'another member': await bob.post('/pay/sandbox/charge', goodCard(token)),
      'forged signature': await client.post(
        '/pay/sandbox/charge',
        goodCard(`${body}.${'A'.repeat(43)}`),
      ),
      'changed claims': await client.post(
        '/pay/sandbox/charge',
        goodCard(`${cheap}.${token.split('.')[1]}`),
      ),
      garbled: await client.post('/pay/sandbox/charge', goodCard('not-a-token')),
      'extra part': await client.post('/pay/sandbox/charge', goodCard(`${token}.x`)),
    };
    const first = answers.visitor.json() as unknown;
    for (const [who, res] of Object.entries(answers)) {
      expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
      expect(res.json(), who).toEqual(first);
    }
    expect(first).toEqual({ message: expect.any(String), code: 'not_found' });
    await expectNothingPaid(t, client, r.id);
  });

  it('a token for an amount that is not what is owed answers 409 nothing_owed and nothing is paid', async () => {
    const { client, user } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    for (const [amountCents, currency] of [
      [15000, 'USD'],
      [45001, 'USD'],
      [45000, 'EUR'],
    ] as const) {
      const token = await signedToken({
        reservationId: r.id,
        userId: user.id,
        amountCents,
        currency,
        exp: inHalfAnHour(),
      });
      const res = await client.post('/pay/sandbox/charge', goodCard(token));
      expect(res.statusCode, `${amountCents} ${currency}`).toBe(409);
      expect(res.json().code).toBe('nothing_owed');
    }
    await expectNothingPaid(t, client, r.id);
  });

  it('a reservation cancelled after the form opened is refused with 409 nothing_owed, nothing paid', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    const res = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('nothing_owed');
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('a token of an unknown or deleted reservation answers 404 and nothing is written', async () => {
    const { client: admin } = await adminClient(t);
    const { client, user } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${r.id}`)).statusCode).toBeLessThan(300);
    const unknown = await signedToken({
      reservationId: 999999,
      userId: user.id,
      amountCents: 45000,
      currency: 'USD',
      exp: inHalfAnHour(),
    });
    for (const tok of [token, unknown]) {
      const res = await client.post('/pay/sandbox/charge', goodCard(tok));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(0);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });

  it('charging a paid reservation again never records a second charge or receipt', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client);
    const { token } = await sandboxCheckout(client, r.id);
    expect((await client.post('/pay/sandbox/charge', goodCard(token))).statusCode).toBe(200);
    const again = await client.post('/pay/sandbox/charge', goodCard(token));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('nothing_owed');
    expect(await charges()).toHaveLength(1);
    expect(await t.db.select().from(documents)).toHaveLength(1);
    expect(pdfMails(t)).toHaveLength(1);
  });
});
