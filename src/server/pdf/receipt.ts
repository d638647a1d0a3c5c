import { startReservationPaper, type ReservationPaperHead } from './layout.js';

export interface ReceiptData extends ReservationPaperHead {
  dayCount: number;
  dailyRate: string;
  amount: string;
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
  doc.row('Daily rate', data.dailyRate);
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
