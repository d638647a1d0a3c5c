import { startReservationPaper, type ReservationPaperHead } from './layout.js';

/** An invoice's particulars, the amounts already formatted (e.g. "$4,700.00"). */
export interface InvoiceData extends ReservationPaperHead {
  /** The invoice's number for this stay: 1, 2, … (each final count writes a new one). */
  number: number;
  guests: string;
  lines: readonly { label: string; amount: string }[];
  total: string;
  paid: string;
  refunded: string;
  owed: string;
  /** When what is owed falls due, in words; null when nothing is owed. */
  due: string | null;
  /** Why it was written ("Final count of 18 guests given by anna"). */
  reason: string;
  issuedAt: Date;
}

/** A stay's invoice by its final count: each line, the total, what was paid and what is owed. */
export async function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const doc = await startReservationPaper(data, {
    title: `Invoice ${data.number}`,
    heading: `Invoice ${data.reservationId}-${data.number}`,
    createdAt: data.issuedAt,
  });
  doc.row('Guests', data.guests);
  doc.row('Issued', data.issuedAt.toISOString().slice(0, 10));
  doc.space(6);
  for (const line of data.lines) doc.paragraph(`${line.label}: ${line.amount}`);
  doc.space(4);
  doc.row('Total', data.total);
  doc.row('Paid', data.paid);
  if (data.refunded !== '') doc.row('Refunded', data.refunded);
  doc.row('Owed', data.owed);
  if (data.due) doc.row('Due', data.due);
  doc.space(12);
  doc.paragraph(data.reason, { size: 10 });
  doc.paragraph(
    'This invoice follows the final count of guests, never below the house’s minimum. It replaces any earlier invoice for this stay.',
    { size: 10 },
  );
  return doc.save();
}
