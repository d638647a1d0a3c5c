/**
 * The member's ledger (GET /api/payments) grouped by reservation for the
 * Payment History (docs/money.md). An entry carries its event name and days,
 * so a group still reads well after its reservation was deleted.
 */
import type { LedgerEntry } from '../../../shared/schemas/payments.js';
import type { Reservation } from '../../../shared/schemas/reservations.js';
import type { DocumentInfo } from '@/lib/api/documents.js';
import { dayRange, receiptsOf, reservationDates } from './format.js';

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

/**
 * The receipt of a charge: the entry's own document, else one of its
 * reservation's receipts that no entry names, paired in order with the
 * charges that name none (a deposit and its balance are two charges).
 * `entries` is the ledger the charge is part of.
 */
export function receiptId(
  entry: LedgerEntry,
  documents: readonly DocumentInfo[],
  entries: readonly LedgerEntry[] = [entry],
): number | null {
  if (entry.documentId !== null) return entry.documentId;
  const reservationId = entry.reservationId;
  if (reservationId === null) return null;
  const siblings = entries.filter((e) => e.reservationId === reservationId);
  const named = new Set(siblings.map((e) => e.documentId));
  // A charge refused (and refunded) has no receipt.
  const unnamed = siblings
    .filter((e) => e.kind === 'charge' && e.documentId === null && e.reason === null)
    .sort(byTime);
  const receipts = receiptsOf(documents, reservationId).filter((d) => !named.has(d.id));
  const index = unnamed.findIndex((e) => e.id === entry.id);
  return index < 0 ? null : (receipts[index]?.id ?? null);
}

/** The charges of a reservation in the ledger, oldest first. */
export const chargesOf = (entries: readonly LedgerEntry[], reservationId: number) =>
  entries.filter((e) => e.kind === 'charge' && e.reservationId === reservationId).sort(byTime);

/**
 * Whether a charge of the reservation made after `afterId` (any, without one)
 * is in the ledger, each such charge with its receipt written.
 */
export function hasReceipt(
  entries: readonly LedgerEntry[],
  documents: readonly DocumentInfo[],
  reservationId: number,
  afterId = -Infinity,
): boolean {
  const fresh = chargesOf(entries, reservationId).filter((e) => e.id > afterId);
  return fresh.length > 0 && fresh.every((e) => receiptId(e, documents, entries) !== null);
}
