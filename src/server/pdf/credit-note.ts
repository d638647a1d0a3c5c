import { createOnePageDocument } from './layout.js';

/** A refund's particulars, the amounts already formatted (e.g. "$225.00"). */
export interface CreditNoteData {
  facilityName: string;
  accountName: string;
  reservationId: number;
  eventName: string;
  firstDay: string;
  lastDay: string;
  paidAmount: string;
  refundAmount: string;
  /** Why the money was given back; null when no reason was recorded. */
  reason: string | null;
  refundReference: string;
  provider: string;
  refundedAt: Date;
}

/**
 * A one-page PDF credit note for money given back against a paid reservation
 * (docs/money.md), laid out like the receipt, with real text a PDF reader extracts.
 */
export async function renderCreditNote(data: CreditNoteData): Promise<Buffer> {
  const doc = await createOnePageDocument({
    title: `Credit note for reservation ${data.reservationId}`,
    author: data.facilityName,
    createdAt: data.refundedAt,
  });
  doc.line(data.facilityName, { bold: true, size: 20, gap: 30 });
  doc.line('Credit note', { bold: true, size: 16, gap: 32 });
  doc.row('Account', data.accountName);
  doc.row('Reservation ID', String(data.reservationId));
  doc.row('Event', data.eventName);
  doc.row('Dates', `${data.firstDay} to ${data.lastDay}`);
  doc.row('Amount paid', data.paidAmount);
  doc.row('Amount refunded', data.refundAmount);
  if (data.reason !== null && data.reason.trim() !== '')
    doc.row('Reason', data.reason, { maxLines: 6 });
  doc.row('Refund reference', data.refundReference);
  doc.row('Refunded with', data.provider);
  doc.row('Refund date', data.refundedAt.toISOString().slice(0, 10));
  doc.space(20);
  doc.line('This credit note was issued automatically when the refund was made.', { size: 10 });
  doc.line(
    'The amount goes back to the card or account that paid; banks may take a few days to show it.',
    {
      size: 10,
    },
  );
  return doc.save();
}
