import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/dates.js';
import type { LedgerEntry, LedgerQuery } from '../../../shared/schemas/payments.js';
import { csvLine } from '../../csv.js';
import type { Db } from '../../db/open.js';
import { accounts, ledgerEntries, reservations, users } from '../../db/schema.js';
import { netPaidCentsColumn } from './paid.js';

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** The ledger as the API shows it (docs/money.md); no route edits or deletes an entry. */
export const presentEntry = (e: LedgerRow & { accountName: string | null }): LedgerEntry => ({
  id: e.id,
  reservationId: e.reservationId,
  kind: e.kind,
  amountCents: e.amountCents,
  currency: e.currency,
  provider: e.provider,
  reference: e.reference,
  createdAt: e.createdAt.toISOString(),
  documentId: e.documentId,
  accountId: e.accountId,
  accountName: e.accountName,
  eventName: e.eventName,
  firstDay: e.firstDay,
  lastDay: e.lastDay,
  reason: e.reason,
});

export async function appendEntry(tx: Db, entry: NewLedgerEntry): Promise<LedgerRow> {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning();
  return row!;
}

export async function findByEvent(tx: Db, provider: string, eventId: string) {
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.provider, provider), eq(ledgerEntries.eventId, eventId)));
  return row;
}

export async function entriesOf(tx: Db, reservationId: number): Promise<LedgerRow[]> {
  return tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reservationId, reservationId))
    .orderBy(ledgerEntries.id);
}

export interface LedgerFilter extends LedgerQuery {
  timeZone: string;
}

/** Days are the house's days: `to` includes the whole of that day in FACILITY_TIMEZONE. */
function conditions(f: LedgerFilter): SQL[] {
  const where: SQL[] = [];
  if (f.reservationId) where.push(eq(ledgerEntries.reservationId, f.reservationId));
  if (f.accountId) where.push(eq(ledgerEntries.accountId, f.accountId));
  if (f.from)
    where.push(
      gte(ledgerEntries.createdAt, sql`(${f.from}::timestamp at time zone ${f.timeZone})`),
    );
  if (f.to)
    where.push(
      lt(ledgerEntries.createdAt, sql`(${addDays(f.to, 1)}::timestamp at time zone ${f.timeZone})`),
    );
  return where;
}

export async function listEntries(
  db: Db,
  f: LedgerFilter,
): Promise<{ entries: LedgerEntry[]; total: number }> {
  const where = conditions(f);
  const query = db
    .select({ e: ledgerEntries, accountName: accounts.accountName })
    .from(ledgerEntries)
    .leftJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
  const rows =
    f.limit !== undefined ? await query.limit(f.limit).offset(f.offset ?? 0) : await query;
  const entries = rows.map(({ e, accountName }) => presentEntry({ ...e, accountName }));
  if (f.limit === undefined) return { entries, total: entries.length };
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(where.length ? and(...where) : undefined);
  return { entries, total: count!.n };
}

/** Received and refunded in the filter's range; outstanding: what holding, unpaid reservations still owe (after deposits). */
export async function summarize(db: Db, f: LedgerFilter) {
  const where = conditions(f);
  const [sums] = await db
    .select({
      received: sql<number>`coalesce(sum(case when ${ledgerEntries.kind} = 'charge' then ${ledgerEntries.amountCents} end), 0)::int`,
      refunded: sql<number>`coalesce(sum(case when ${ledgerEntries.kind} = 'refund' then ${ledgerEntries.amountCents} end), 0)::int`,
    })
    .from(ledgerEntries)
    .where(where.length ? and(...where) : undefined);
  const owing: SQL[] = [
    inArray(reservations.status, ['pending', 'approved']),
    eq(reservations.paymentStatus, 'unpaid'),
  ];
  // The church's stays: those it requested, whatever church their member is in now.
  if (f.accountId) owing.push(eq(reservations.accountId, f.accountId));
  if (f.reservationId) owing.push(eq(reservations.id, f.reservationId));
  // What each holding, unpaid stay still owes: its price less what it has paid (./paid.ts).
  const [owed] = await db
    .select({
      outstanding: sql<number>`coalesce(sum(greatest(${reservations.priceCents} - ${netPaidCentsColumn}, 0)), 0)::int`,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(and(...owing));
  return {
    receivedCents: sums!.received,
    refundedCents: sums!.refunded,
    outstandingCents: owed!.outstanding,
  };
}

export const CSV_HEADER = [
  'id',
  'created_at',
  'kind',
  'amount',
  'currency',
  'reservation_id',
  'account',
  'event',
  'first_day',
  'last_day',
  'provider',
  'reference',
  'reason',
];

export function toCsv(entries: readonly LedgerEntry[]): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const e of entries) {
    lines.push(
      csvLine([
        e.id,
        e.createdAt,
        e.kind,
        (e.amountCents / 100).toFixed(2),
        e.currency,
        e.reservationId,
        e.accountName,
        e.eventName,
        e.firstDay,
        e.lastDay,
        e.provider,
        e.reference,
        e.reason,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
