import { startReservationPaper, type ReservationPaperHead } from './layout.js';

/** A refund's particulars, the amounts already formatted (e.g. "$225.00"). */
export interface CreditNoteData extends ReservationPaperHead {
  paidAmount: string;
  refundAmount: string;
  /** Why the money was given back; null when no reason was recorded. */
  reason: string | null;
  refundReference: string;
  provider: string;
  refundedAt: Date;
  /**
   * The parts of one refund decision that took money from several payments
   * (latest first); a note of one part leaves this out.
   */
  parts?: readonly { paidAmount: string; refundAmount: string; refundReference: string }[];
}

/**
 * A one-page PDF credit note for money given back against a paid reservation
 * (docs/money.md), laid out like the receipt, with real text a PDF reader extracts.
 */
export async function renderCreditNote(data: CreditNoteData): Promise<Buffer> {
  const doc = await startReservationPaper(data, {
    title: 'Credit note',
    heading: 'Credit note',
    createdAt: data.refundedAt,
  });
  const parts = data.parts && data.parts.length > 1 ? data.parts : null;
  if (parts) {
    parts.forEach((p, i) =>
      doc.row(
        `Part ${i + 1}`,
        `${p.refundAmount} of the payment of ${p.paidAmount} (refund ${p.refundReference})`,
        { maxLines: 3 },
      ),
    );
    doc.row('Amount refunded', data.refundAmount);
  } else {
    doc.row('Amount paid', data.paidAmount);
    doc.row('Amount refunded', data.refundAmount);
  }
  if (data.reason !== null && data.reason.trim() !== '')
    doc.row('Reason', data.reason, { maxLines: 6 });
  if (!parts) doc.row('Refund reference', data.refundReference);
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
