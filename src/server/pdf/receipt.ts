import { createOnePageDocument } from './layout.js';

export interface ReceiptData {
  facilityName: string;
  accountName: string;
  reservationId: number;
  eventName: string;
  firstDay: string;
  lastDay: string;
  dayCount: number;
  dailyRate: string;
  amount: string;
  paymentReference: string;
  provider: string;
  paidAt: Date;
}

/** A one-page PDF receipt, with real text a PDF reader (and pdftotext) can extract. */
export async function renderReceipt(data: ReceiptData): Promise<Buffer> {
  const doc = await createOnePageDocument({
    title: `Receipt for reservation ${data.reservationId}`,
    author: data.facilityName,
    createdAt: data.paidAt,
  });
  doc.line(data.facilityName, { bold: true, size: 20, gap: 30 });
  doc.line('Payment receipt', { bold: true, size: 16, gap: 32 });
  doc.row('Account', data.accountName);
  doc.row('Reservation ID', String(data.reservationId));
  doc.row('Event', data.eventName);
  doc.row('Dates', `${data.firstDay} to ${data.lastDay}`);
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
