import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import type { ReservationPaperHead } from '../pdf/layout.js';

/** The head shared by the sample receipt and credit note: one house, church and stay. */
export const samplePaperHead: ReservationPaperHead = {
  facilityName: 'Cedar Creek Retreat House',
  accountName: 'St. Mark Parish',
  reservationId: 42,
  eventName: 'Spring retreat',
  firstDay: '2030-03-10',
  lastDay: '2030-03-12',
};

/** Expects `pdf` to be a PDF of exactly one page, and gives it loaded. */
export async function loadOnePagePdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await PDFDocument.load(pdf);
  expect(doc.getPageCount()).toBe(1);
  return doc;
}
