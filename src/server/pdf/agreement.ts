import { startReservationPaper, type ReservationPaperHead } from './layout.js';

/** A signed facility agreement's particulars (docs/money.md, "The facility agreement"). */
export interface AgreementPaperData extends ReservationPaperHead {
  title: string;
  version: string;
  paragraphs: readonly string[];
  fullName: string;
  username: string;
  acceptedAt: Date;
  /** The stay's deposit rule and cancellation tiers (fixed at its request), in words. */
  depositTerms: string;
  cancellationTerms: string;
}

/** The signed copy of the facility agreement: its text, then who accepted which version, and when. */
export async function renderAgreement(data: AgreementPaperData): Promise<Buffer> {
  const doc = await startReservationPaper(data, {
    title: 'Facility agreement',
    heading: data.title,
    createdAt: data.acceptedAt,
  });
  doc.row('Version', data.version);
  doc.space(8);
  for (const p of data.paragraphs) doc.paragraph(p);
  doc.space(8);
  doc.paragraph('Terms of this stay, as requested', { bold: true, size: 12 });
  doc.paragraph(`Deposit: ${data.depositTerms}`);
  doc.paragraph(`Cancellation: ${data.cancellationTerms}`);
  doc.space(8);
  doc.row('Accepted by', data.fullName);
  doc.row('Signed in as', data.username);
  doc.row('Accepted at', `${data.acceptedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`);
  return doc.save();
}
