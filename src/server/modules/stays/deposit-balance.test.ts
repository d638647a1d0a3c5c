// Deposit, then balance, through the sandbox (docs/money.md, "Deposit, then
// balance"): the agreement first, the deposit while nothing is paid, receipts
// that say which part, and twenty deposit charges at once paying once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, ledgerEntries } from '../../db/schema.js';
import { adminClient } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';
import { goodCard, payInSandbox, sandboxCheckout } from '../../testing/sandbox-checkout.js';
import { useGroupHouse } from './stays.testing.js';

const { t, request, approvedAndAgreed, mine } = useGroupHouse();

describe('deposit, then balance', () => {
  it('needs the agreement before any payment (409 agreement_required)', async () => {
    const { client, reservation } = await request();
    const { client: admin } = await adminClient(t);
    await admin.patch(`/api/reservations/${reservation.id}/status`, { status: 'approved' });
    for (const body of [undefined, { part: 'deposit' }, { part: 'balance' }]) {
      const res = await client.post(`/api/payments/${reservation.id}/checkout`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('agreement_required');
      expect(res.json().message).toContain('Facility agreement');
    }
  });

  it('pays the deposit, then the balance: paid, with receipts that say which', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approvedAndAgreed(client, reservation.id);

    await payInSandbox(client, reservation.id, 'deposit');
    expect(await mine(client, reservation.id)).toMatchObject({
      paidCents: 117500,
      paymentStatus: 'unpaid',
      priceCents: 470000,
    });
    // The deposit once only.
    const again = await client.post(`/api/payments/${reservation.id}/checkout`, {
      part: 'deposit',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('deposit_already_paid');

    const { url } = await sandboxCheckout(client, reservation.id, 'balance');
    const form = await client.get(url);
    expect(form.body).toContain('$3,525.00');
    await payInSandbox(client, reservation.id, 'balance');
    expect(await mine(client, reservation.id)).toMatchObject({
      paidCents: 470000,
      paymentStatus: 'paid',
    });
    const notOwed = await client.post(`/api/payments/${reservation.id}/checkout`);
    expect(notOwed.json().code).toBe('not_payable');

    const receipts = await t.db.select().from(documents).where(eq(documents.kind, 'receipt'));
    expect(receipts).toHaveLength(2);
    const texts = await Promise.all(receipts.map((r) => pdfText(r.content)));
    expect(texts[0]).toMatch(/Payment for:?\s+Deposit/);
    expect(texts[0]).toContain('$1,175.00');
    expect(texts[0]).toContain('Église Saint-Éloi');
    expect(texts[1]).toMatch(/Payment for:?\s+Balance/);
    expect(texts[1]).toContain('$3,525.00');
    const subjects = t.mailer.sent.filter((m) => m.kind === 'receipt').map((m) => m.subject);
    expect(subjects).toEqual([
      expect.stringContaining('(deposit)'),
      expect.stringContaining('(balance)'),
    ]);
  });

  it('pays everything at once, the balance being the default', async () => {
    const { client, reservation } = await request({ guests: 12, mealPlan: null });
    await approvedAndAgreed(client, reservation.id);
    await payInSandbox(client, reservation.id);
    expect(await mine(client, reservation.id)).toMatchObject({
      paidCents: 2 * 12 * 6500,
      paymentStatus: 'paid',
    });
  });

  it('twenty deposit charges at once with one token pay the deposit once', async () => {
    const { client, reservation } = await request();
    await approvedAndAgreed(client, reservation.id);
    const { token } = await sandboxCheckout(client, reservation.id, 'deposit');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/pay/sandbox/charge', goodCard(token))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const charges = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reservationId, reservation.id));
    expect(charges.map((c) => [c.kind, c.amountCents])).toEqual([['charge', 117500]]);
  });

  it('a deposit token used after the balance was paid another way is refused', async () => {
    const { client, reservation } = await request();
    await approvedAndAgreed(client, reservation.id);
    const { token: depositToken } = await sandboxCheckout(client, reservation.id, 'deposit');
    await payInSandbox(client, reservation.id, 'balance');
    const late = await client.post('/pay/sandbox/charge', goodCard(depositToken));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('nothing_owed');
  });
});
