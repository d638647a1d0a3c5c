import { and, desc, eq, sql } from 'drizzle-orm';
import { endTimeOf, inclusiveDayCount, startTimeOf } from '../../../shared/dates.js';
import { formatMoney, reservationAmountCents } from '../../../shared/pricing.js';
import { needsPayment } from '../../../shared/reservations.js';
import { receiptDescription } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { accounts, payments, reservations, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderReceipt } from '../../pdf/receipt.js';
import type { PaymentEvent, PaymentProvider } from '../../payments/provider.js';
import type { DocumentsService } from '../documents/service.js';
import { recordAccountEvent } from '../history/service.js';

interface Deps {
  db: Db;
  documents: DocumentsService;
  mailer: Mailer;
  provider: PaymentProvider;
  dailyRateCents: number;
  currency: string;
  facilityName: string;
  publicUrl: string;
}

export type WebhookOutcome = 'paid' | 'duplicate' | 'ignored';

export function createPaymentsService(deps: Deps) {
  const { db, provider, dailyRateCents, currency } = deps;

  const amountOf = (r: { firstDay: string; lastDay: string }) =>
    reservationAmountCents(startTimeOf(r.firstDay), endTimeOf(r.lastDay), dailyRateCents);

  async function payable(reservationId: number, userId: number) {
    const [r] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
    if (!r || r.userId !== userId) throw notFound('Reservation not found.');
    if (!needsPayment(r)) throw conflict('This reservation does not need a payment.', 'not_payable');
    return r;
  }

  return {
    config: () => ({ provider: provider.name, dailyRateCents, currency }),

    /** Where the member pays: the sandbox frame or the provider's hosted page. */
    async checkout(reservationId: number, userId: number) {
      const r = await payable(reservationId, userId);
      return provider.checkout({
        reservationId: r.id,
        dayCount: inclusiveDayCount(startTimeOf(r.firstDay), endTimeOf(r.lastDay)),
        amountCents: amountOf(r),
        currency,
        eventName: r.eventName,
        successUrl: `${deps.publicUrl}/account/payments?paid=${r.id}`,
        cancelUrl: `${deps.publicUrl}/account/payments`,
      });
    },

    /** The payments of my reservations, newest first. */
    async listMine(userId: number) {
      const rows = await db
        .select({ p: payments })
        .from(payments)
        .innerJoin(reservations, eq(reservations.id, payments.reservationId))
        .where(eq(reservations.userId, userId))
        .orderBy(desc(payments.paidAt));
      return rows.map(({ p }) => ({
        reservationId: p.reservationId,
        provider: p.provider,
        reference: p.reference,
        amountCents: p.amountCents,
        currency: p.currency,
        paidAt: p.paidAt.toISOString(),
      }));
    },

    /**
     * The only way a reservation becomes paid: a verified provider event. The
     * payment, the paid flag and the receipt are written in one transaction;
     * the same event twice pays once.
     */
    async handleWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookOutcome> {
      const event = await provider.parseWebhook(rawBody, headers);
      if (!event) return 'ignored';
      const outcome = await db.transaction(async (tx) => record(tx as unknown as Db, event));
      if (outcome.kind === 'paid') sendReceipt(outcome.receipt);
      return outcome.kind;
    },
  };

  async function record(tx: Db, event: PaymentEvent) {
    const [seen] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.eventId, event.eventId)));
    if (seen) return { kind: 'duplicate' as const };
    // Lock the reservation: concurrent deliveries of two events queue here.
    const locked = (await tx.execute(sql`select id from reservations where id = ${event.reservationId} for update`)) as unknown as {
      rows: unknown[];
    };
    if (locked.rows.length === 0) throw notFound('Reservation not found.');
    const [row] = await tx
      .select({ r: reservations, username: users.username, userEmail: users.email, account: accounts })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .leftJoin(accounts, eq(accounts.id, users.accountId))
      .where(eq(reservations.id, event.reservationId));
    const { r, account } = row!;
    if (r.paymentStatus === 'paid') return { kind: 'duplicate' as const };
    if (!needsPayment(r)) throw conflict('This reservation does not need a payment.', 'not_payable');
    const expected = amountOf(r);
    if (event.amountCents !== expected || event.currency.toUpperCase() !== currency) {
      throw badRequest(
        `The amount ${event.amountCents} ${event.currency} does not match ${expected} ${currency}.`,
        'amount_mismatch',
      );
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        reservationId: r.id,
        provider: provider.name,
        eventId: event.eventId,
        reference: event.reference,
        amountCents: event.amountCents,
        currency,
      })
      .returning();
    await tx.update(reservations).set({ paymentStatus: 'paid', updatedAt: new Date() }).where(eq(reservations.id, r.id));
    const dayCount = inclusiveDayCount(startTimeOf(r.firstDay), endTimeOf(r.lastDay));
    const pdf = await renderReceipt({
      facilityName: deps.facilityName,
      accountName: account?.accountName ?? row!.username,
      reservationId: r.id,
      eventName: r.eventName,
      firstDay: r.firstDay,
      lastDay: r.lastDay,
      dayCount,
      dailyRate: formatMoney(dailyRateCents, currency),
      amount: formatMoney(event.amountCents, currency),
      paymentReference: event.reference,
      provider: provider.name,
      paidAt: payment!.paidAt,
    });
    const fileName = `receipt-reservation-${r.id}.pdf`;
    if (account) {
      await deps.documents.create({
        tx,
        accountId: account.id,
        uploadedBy: null,
        fileName,
        description: receiptDescription(r.id, r.eventName),
        content: pdf,
        reservationId: r.id,
      });
    }
    await recordAccountEvent(tx, {
      accountId: account?.id ?? null,
      userId: r.userId,
      kind: 'payment_received',
      summary: `Payment received: ${formatMoney(event.amountCents, currency)} for ${r.eventName} (${r.firstDay} to ${r.lastDay})`,
      reservationId: r.id,
    });
    const to = account?.primaryContactEmail ?? row!.userEmail;
    return { kind: 'paid' as const, receipt: { to, pdf, fileName, eventName: r.eventName, amount: formatMoney(event.amountCents, currency) } };
  }

  function sendReceipt(receipt: { to: string | null; pdf: Buffer; fileName: string; eventName: string; amount: string }) {
    if (!receipt.to) return;
    deps.mailer.send({
      to: receipt.to,
      subject: `${deps.facilityName}: receipt for ${receipt.eventName}`,
      text: [
        'Hello,',
        '',
        `Thank you for your payment of ${receipt.amount} for "${receipt.eventName}". The receipt is attached and is also kept with your account's documents.`,
        '',
        deps.facilityName,
      ].join('\n'),
      attachments: [{ filename: receipt.fileName, content: receipt.pdf, contentType: 'application/pdf' }],
    });
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
