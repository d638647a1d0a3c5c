import { startReservationPaper, type ReservationPaperHead } from './layout.js';

export interface ReceiptData extends ReservationPaperHead {
  dayCount: number;
  /** The day rate, or null for a stay priced per person (its invoice has the lines). */
  dailyRate: string | null;
  amount: string;
  /** What the payment was: "Deposit", "Balance" or "Payment in full". */
  part: string;
  /** The stay's price, of which this is a part. */
  priceAmount: string;
  paymentReference: string;
  provider: string;
  paidAt: Date;
}

/** A one-page PDF receipt, with real text a PDF reader (and pdftotext) can extract. */
export async function renderReceipt(data: ReceiptData): Promise<Buffer> {
  const doc = await startReservationPaper(data, {
    title: 'Receipt',
    heading: 'Payment receipt',
    createdAt: data.paidAt,
  });
  doc.row('Days', String(data.dayCount));
  if (data.dailyRate !== null) doc.row('Daily rate', data.dailyRate);
  doc.row('Payment for', data.part);
  doc.row('Price of the stay', data.priceAmount);
  doc.row('Amount paid', data.amount);
  doc.row('Payment reference', data.paymentReference);
  doc.row('Paid with', data.provider);
  doc.row('Payment date', data.paidAt.toISOString().slice(0, 10));
  doc.space(20);
  doc.line('Thank you. This receipt was issued automatically when the payment was confirmed.', {
    size: 10,
  });
  return doc.save();
}
