import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

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

/** The standard fonts speak WinAnsi only; anything else is shown as '?' rather than failing. */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** A one-page PDF receipt, with real text a PDF reader (and pdftotext) can extract. */
export async function renderReceipt(data: ReceiptData): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt for reservation ${data.reservationId}`);
  pdf.setAuthor(data.facilityName);
  pdf.setCreationDate(data.paidAt);
  const page = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, opts: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = opts.font ?? regular;
    page.drawText(printable(font, text), { x: 56, y, size: opts.size ?? 12, font, color: rgb(0.1, 0.1, 0.1) });
    y -= opts.gap ?? 20;
  };

  line(data.facilityName, { font: bold, size: 20, gap: 30 });
  line('Payment receipt', { font: bold, size: 16, gap: 32 });
  const rows: [string, string][] = [
    ['Account', data.accountName],
    ['Reservation ID', String(data.reservationId)],
    ['Event', data.eventName],
    ['Dates', `${data.firstDay} to ${data.lastDay}`],
    ['Days', String(data.dayCount)],
    ['Daily rate', data.dailyRate],
    ['Amount paid', data.amount],
    ['Payment reference', data.paymentReference],
    ['Paid with', data.provider],
    ['Payment date', data.paidAt.toISOString().slice(0, 10)],
  ];
  for (const [label, value] of rows) {
    page.drawText(printable(bold, `${label}:`), { x: 56, y, size: 12, font: bold });
    page.drawText(printable(regular, value.slice(0, 80)), { x: 200, y, size: 12, font: regular });
    y -= 22;
  }
  y -= 20;
  line('Thank you. This receipt was issued automatically when the payment was confirmed.', { size: 10 });
  return Buffer.from(await pdf.save());
}
