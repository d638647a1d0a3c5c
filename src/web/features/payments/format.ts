import { datePart } from '../../../shared/dates.js';
import { isReceiptFor, type DocumentKind } from '../../../shared/schemas/documents.js';

/** The dates of a reservation as shown: the day parts of its times (docs/product.md §3). */
export function reservationDates(r: { startTime: string; endTime: string }): string {
  return dayRange(datePart(r.startTime), datePart(r.endTime));
}

/** "2031-03-10 to 2031-03-12", or one day. */
export const dayRange = (first: string, last: string) =>
  first === last ? first : `${first} to ${last}`;

/** Every receipt of a reservation among the account's documents, oldest first. */
export function receiptsOf<
  T extends { id: number; description: string; reservationId: number | null; kind: DocumentKind },
>(documents: readonly T[], reservationId: number): T[] {
  return documents
    .filter(
      (d) =>
        (d.kind === 'receipt' && d.reservationId === reservationId) ||
        isReceiptFor(d, reservationId),
    )
    .sort((a, b) => a.id - b.id);
}
