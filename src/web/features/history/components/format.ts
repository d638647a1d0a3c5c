import { datePart } from '../../../../shared/dates.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';

const KIND_LABELS: Record<string, string> = {
  reservation_requested: 'Reservation requested',
  reservation_approved: 'Reservation approved',
  reservation_rejected: 'Reservation rejected',
  reservation_cancelled: 'Reservation cancelled',
  reservation_edited: 'Reservation edited',
  reservation_deleted: 'Reservation deleted',
  payment_received: 'Payment received',
  document_uploaded: 'Document uploaded',
  document_deleted: 'Document deleted',
  profile_updated: 'Profile updated',
};

/** A history entry's kind as a label; unknown kinds read with spaces for underscores. */
export function kindLabel(kind: string): string {
  const label = KIND_LABELS[kind];
  if (label) return label;
  const text = kind.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A colour per kind of entry: red for removals and refusals, teal for good news. */
export function kindColor(kind: string): string {
  if (/rejected|cancelled|deleted/.test(kind)) return 'red';
  if (/approved|payment/.test(kind)) return 'teal';
  if (kind.startsWith('document')) return 'grape';
  if (kind.startsWith('profile')) return 'gray';
  return 'blue';
}

/** The dates of a reservation as shown: the day parts of its times (docs/product.md §3). */
export function stayDates(r: Pick<Reservation, 'startTime' | 'endTime'>): string {
  const first = datePart(r.startTime);
  const last = datePart(r.endTime);
  return first === last ? first : `${first} to ${last}`;
}
