import { eq } from 'drizzle-orm';
import { daysBetween, longDate, todayIn } from '../../../shared/dates.js';
import { finalCountDueDate, priceOf, balanceDueDate } from '../../../shared/group-pricing.js';
import { owedCents } from '../../../shared/payment-parts.js';
import { formatMoney } from '../../../shared/pricing.js';
import { isAdmin } from '../../../shared/roles.js';
import { invoiceDescription } from '../../../shared/schemas/documents.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { reservations } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type { Outbox } from '../../mail/outbox.js';
import { invoiceMail, siteNow } from '../../mail/templates.js';
import { renderInvoice } from '../../pdf/invoice.js';
import type { DocumentsService } from '../documents/service.js';
import { recordAccountEvent } from '../history/service.js';
import {
  churchAddress,
  lockReservation,
  owedStateOf,
  type LockedReservation,
} from '../payments/charges.js';
import { paidOf } from '../payments/paid.js';
import type { PaymentsService } from '../payments/service.js';
import { mayOpenStay, type StayViewer } from '../reservations/ownership.js';

export interface FinalCountDeps {
  db: Db;
  documents: DocumentsService;
  outbox: Outbox;
  payments: PaymentsService;
  pricing: () => PricingRules;
  houseName: () => string;
  publicUrl: string;
  facilityTimezone: string;
  now: () => Date;
}

type Viewer = StayViewer;

/** The count read under the stay's lock (the questionnaire's as saved, when it is sent). */
export type CountUnderLock = (
  tx: Db,
  reservation: LockedReservation['r'],
) => Promise<number | null>;

/** What else a questionnaire's save writes, in the final count's transaction. */
export type SaveRest = (tx: Db, reservation: LockedReservation['r']) => Promise<void>;

/**
 * The final headcount (docs/money.md, "The final count"): the owner may give
 * or change it until its due day, an administrator at any time. Each change
 * prices the stay again by the terms it was requested with (never below the
 * minimum), writes an invoice, gives back at once what was paid beyond the new
 * price, and mails the church the invoice (what it owes more, and by when).
 */
export function createFinalCount(deps: FinalCountDeps) {
  const { db } = deps;

  async function visible(tx: Db, id: number, viewer: Viewer) {
    const row = await lockReservation(tx, id);
    if (!row || !mayOpenStay(row.r, viewer)) throw notFound('Reservation not found.');
    return row;
  }

  /** 400 when the count is beyond the house's maximum (the stay's terms, else the house's now). */
  function check(r: LockedReservation['r'], finalGuests: number | null) {
    const group = r.priceTerms?.group ?? deps.pricing().group;
    if (finalGuests !== null && group && finalGuests > group.maximumGuests) {
      throw validationFailed([
        {
          path: 'body.finalGuests',
          message: `The house takes at most ${group.maximumGuests} guests.`,
        },
      ]);
    }
  }

  /** 409 `final_count_closed` for a member after the count's due day (the staff may always). */
  function refuseWhenClosed(r: LockedReservation['r'], viewer: Viewer) {
    const due = finalCountDueDate(r.priceTerms, r.firstDay);
    if (isAdmin(viewer) || !due || todayIn(deps.facilityTimezone, deps.now()) <= due) return;
    throw conflict(
      `The final count was due on ${longDate(due)}; ask the house to change it.`,
      'final_count_closed',
    );
  }

  return {
    check,
    refuseWhenClosed,

    /**
     * Saves the final count (repricing when it changed) and, in the same
     * transaction, the rest of the answers. Throws 404, 409 `not_approved`,
     * 409 `final_count_closed` or 400 before anything is written.
     */
    async put(
      id: number,
      viewer: Viewer,
      finalGuestsGiven: number | null | CountUnderLock,
      saveRest?: SaveRest,
    ) {
      const refundIds: number[] = [];
      await inTransaction(db, async (tx) => {
        const row = await visible(tx, id, viewer);
        const { r } = row;
        if (r.status !== 'approved')
          throw conflict('The questionnaire opens once the stay is approved.', 'not_approved');
        const finalGuests =
          typeof finalGuestsGiven === 'function' ? await finalGuestsGiven(tx, r) : finalGuestsGiven;
        const pricing = deps.pricing();
        check(r, finalGuests);
        if (finalGuests === r.finalGuests) {
          await saveRest?.(tx, r);
          return;
        }
        refuseWhenClosed(r, viewer);
        const days = daysBetween(r.firstDay, r.lastDay) + 1;
        const priced =
          r.priceTerms?.group && finalGuests !== null
            ? priceOf(r.priceTerms, days, finalGuests)
            : null;
        const before = r.priceCents ?? 0;
        const price = priced?.totalCents ?? before;
        const invoiceNumber = r.invoiceCount + 1;
        // Under the stay's lock: refunds recorded and not yet made count as given back already.
        const paid = await paidOf(tx, r.id);
        const net = paid.netCents;
        const refundedAll = paid.refundedCents + Math.max(net - price, 0);
        const owed = owedCents({ ...owedStateOf(row, net), priceCents: price });
        await tx
          .update(reservations)
          .set({
            finalGuests,
            priceCents: price,
            invoiceCount: invoiceNumber,
            paymentStatus: net > 0 && owed === 0 ? 'paid' : 'unpaid',
            updatedAt: deps.now(),
          })
          .where(eq(reservations.id, r.id));
        const money = (c: number) => formatMoney(c, pricing.currency);
        const who = isAdmin(viewer) ? 'the house' : row.username;
        const reason = `Final count of ${finalGuests ?? 'no'} guests given by ${who}: the price ${price === before ? 'stays' : `went from ${money(before)} to`} ${money(price)}.`;
        if (net > price) {
          refundIds.push(
            ...(await deps.payments.recordRefund(tx, {
              row,
              amountCents: net - price,
              reason,
              actorId: viewer.id,
              cause: `final_count:${invoiceNumber}`,
            })),
          );
        }
        const balanceDue = balanceDueDate(r.priceTerms, r.firstDay);
        const site = siteNow(deps);
        const pdf = await renderInvoice({
          facilityName: site.facilityName,
          accountName: row.account?.accountName ?? row.username,
          reservationId: r.id,
          eventName: r.eventName,
          firstDay: r.firstDay,
          lastDay: r.lastDay,
          number: invoiceNumber,
          guests: finalGuests === null ? 'not given' : String(finalGuests),
          lines: (priced?.lines ?? [{ label: 'The stay', amountCents: price }]).map((l) => ({
            label: l.label,
            amount:
              l.quantity !== undefined && l.unitCents !== undefined
                ? `${l.quantity} × ${money(l.unitCents)} = ${money(l.amountCents)}`
                : money(l.amountCents),
          })),
          total: money(price),
          paid: money(paid.paidCents),
          refunded: refundedAll > 0 ? money(refundedAll) : '',
          owed: money(owed),
          due: owed > 0 && balanceDue ? longDate(balanceDue) : null,
          reason,
          issuedAt: deps.now(),
        });
        const fileName = `invoice-reservation-${r.id}-${invoiceNumber}.pdf`;
        const documentId = row.account
          ? await deps.documents.create({
              tx,
              kind: 'invoice',
              accountId: row.account.id,
              uploadedBy: null,
              fileName,
              description: invoiceDescription(r.id, r.eventName, invoiceNumber),
              content: pdf,
              reservationId: r.id,
            })
          : null;
        await recordAccountEvent(tx, {
          accountId: row.account?.id ?? null,
          userId: viewer.id,
          kind: 'final_count_given',
          summary: reason,
          reservationId: r.id,
          documentId,
        });
        const to = churchAddress(row);
        if (to) {
          await deps.outbox.enqueue(tx, {
            kind: 'invoice',
            to,
            ...invoiceMail(site, r, {
              price: money(price),
              owed: owed > 0 ? money(owed) : null,
              due: balanceDue ? longDate(balanceDue) : null,
              refund: net > price ? money(net - price) : null,
              guests: finalGuests,
            }),
            attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
          });
        }
        await saveRest?.(tx, r);
      });
      // Given back at once, once the new price is committed (docs/money.md, "Refunds").
      await deps.payments.settleRefunds(refundIds);
    },
  };
}
