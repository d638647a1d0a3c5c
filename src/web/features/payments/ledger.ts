/**
 * The member's ledger (GET /api/payments) grouped by reservation for the
 * Payment History (docs/money.md). An entry carries its event name and days,
 * so a group still reads well after its reservation was deleted.
 */
import type { LedgerEntry } from '../../../shared/schemas/payments.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import type { DocumentInfo } from '@/lib/api/documents.js';
import { dayRange, findReceipt, reservationDates } from './format.js';

export interface HistoryGroup {
  key: string;
  reservationId: number | null;
  eventName: string;
  dates: string;
  /** Sorts the groups: the first day, as the lists do. */
  firstDay: string;
  /** Charges and refunds, oldest first. */
  entries: LedgerEntry[];
}

export const DELETED_EVENT = 'Deleted reservation';

const groupKey = (e: LedgerEntry) =>
  e.reservationId !== null
    ? `r${e.reservationId}`
    : `e${e.eventName ?? ''}|${e.firstDay ?? ''}|${e.lastDay ?? ''}`;

const byTime = (a: LedgerEntry, b: LedgerEntry) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;

/** One group per reservation; its name and dates from the reservation when it still exists. */
export function historyGroups(
  entries: readonly LedgerEntry[],
  reservations: readonly Reservation[],
): HistoryGroup[] {
  const groups = new Map<string, HistoryGroup>();
  for (const entry of [...entries].sort(byTime)) {
    const key = groupKey(entry);
    let group = groups.get(key);
    if (!group) {
      const r = reservations.find((x) => x.id === entry.reservationId);
      const firstDay = entry.firstDay ?? r?.startTime.slice(0, 10) ?? '';
      const lastDay = entry.lastDay ?? r?.endTime.slice(0, 10) ?? firstDay;
      group = {
        key,
        reservationId: entry.reservationId,
        eventName: r?.eventName ?? entry.eventName ?? DELETED_EVENT,
        dates: r ? reservationDates(r) : firstDay ? dayRange(firstDay, lastDay) : '—',
        firstDay,
        entries: [],
      };
      groups.set(key, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()].sort((a, b) =>
    a.firstDay < b.firstDay ? -1 : a.firstDay > b.firstDay ? 1 : a.key < b.key ? -1 : 1,
  );
}

/** The receipt of a charge: the entry's own document, else one listed for its reservation. */
export function receiptId(entry: LedgerEntry, documents: readonly DocumentInfo[]): number | null {
  if (entry.documentId !== null) return entry.documentId;
  if (entry.reservationId === null) return null;
  return findReceipt(documents, entry.reservationId)?.id ?? null;
}

/** Whether a charge for the reservation is in the ledger with its receipt written. */
export function hasReceipt(
  entries: readonly LedgerEntry[],
  documents: readonly DocumentInfo[],
  reservationId: number,
): boolean {
  return entries.some(
    (e) =>
      e.kind === 'charge' && e.reservationId === reservationId && receiptId(e, documents) !== null,
  );
}
