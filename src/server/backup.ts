import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from './db/open.js';

/** Every table with data, parents before children (the order of a restore). */
export const BACKUP_TABLES = [
  'accounts',
  'users',
  'responsible_persons',
  'sessions',
  'password_reset_tokens',
  'reservations',
  'documents',
  'content_images',
  'content_versions',
  'ledger_entries',
  'refunds',
  'checkout_sessions',
  'agreements',
  'questionnaires',
  'attendee_links',
  'attendees',
  'account_events',
  'app_secrets',
  'mail_outbox',
  'closures',
  'calendar_feed_tokens',
] as const;

/**
 * Tables a restore rebuilds by itself: `calendar_holds` is kept by triggers
 * from the reservations and closures (docs/calendar.md), `reservation_counts`
 * by triggers from the reservations (docs/lists.md).
 */
export const DERIVED_TABLES = ['calendar_holds', 'reservation_counts'] as const;

const FORMAT = 'retreat-house-backup';
/** 2: the ledger replaced payments (docs/money.md); a version 1 backup is carried over on restore. */
const VERSION = 2;

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

/**
 * Writes every table, as PostgreSQL renders rows to JSON (dates, times and bytes
 * exact), into one gzip file of JSON lines, from one consistent snapshot.
 */
export async function writeBackup(db: Db, file: string): Promise<Record<string, number>> {
  const gzip = createGzip();
  const out = createWriteStream(file);
  gzip.pipe(out);
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const counts: Record<string, number> = {};
  await db.transaction(
    async (tx) => {
      await write({
        format: FORMAT,
        version: VERSION,
        createdAt: new Date().toISOString(),
        tables: BACKUP_TABLES,
      });
      for (const table of BACKUP_TABLES) {
        const rows = rowsOf(
          await tx.execute(sql`select to_json(t) as row from ${sql.identifier(table)} t`),
        );
        counts[table] = rows.length;
        for (const r of rows)
          await write({ table, row: typeof r.row === 'string' ? JSON.parse(r.row) : r.row });
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  gzip.end();
  await once(out, 'close');
  return counts;
}

/**
 * Replaces the data of a migrated database with a backup's, in one transaction.
 * A backup of an older release lacks the newer columns: they get their
 * defaults, as the migrations give them to existing rows.
 */
export async function restoreBackup(db: Db, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const columnsOf = await tableColumns(tx as unknown as Db);
    let header = true;
    let version = VERSION;
    /** A backup of a release before stays kept their church (migration 0016). */
    let staysWithoutChurch = false;
    const tables = BACKUP_TABLES.map((t) => `"${t}"`).join(', ');
    await tx.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    // Counted once at the end: kept row by row, one count would change once per restored row.
    await tx.execute(sql`alter table reservations disable trigger reservations_count_inserted`);
    // Opened only now: lines read before the loop starts would be lost.
    const lines = createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line) as { format?: string; table?: string; row?: unknown };
      if (header) {
        if (entry.format !== FORMAT) throw new Error(`${file} is not a backup of this site`);
        version = Number((entry as { version?: unknown }).version ?? 1);
        header = false;
        continue;
      }
      if (version < 2 && entry.table === 'payments') {
        await restoreOldPayment(tx as unknown as Db, entry.row as OldPayment);
        counts.ledger_entries = (counts.ledger_entries ?? 0) + 1;
        continue;
      }
      if (version < 2 && entry.table === 'documents')
        entry.row = withDocumentKind(entry.row as Record<string, unknown>);
      if (entry.table === 'reservations' && !('account_id' in (entry.row as object)))
        staysWithoutChurch = true;
      if (!entry.table || !(BACKUP_TABLES as readonly string[]).includes(entry.table)) {
        throw new Error(`unknown table in backup: ${String(entry.table)}`);
      }
      const t = sql.identifier(entry.table);
      const known = columnsOf.get(entry.table) ?? new Set<string>();
      const names = Object.keys(entry.row as object).filter((c) => known.has(c));
      const columns = sql.join(
        names.map((c) => sql.identifier(c)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${t} (${columns}) overriding system value select ${columns} from json_populate_record(null::${t}, ${JSON.stringify(entry.row)}::json)`,
      );
      counts[entry.table] = (counts[entry.table] ?? 0) + 1;
    }
    if (header) throw new Error(`${file} is empty`);
    if (staysWithoutChurch) await fillStayChurches(tx as unknown as Db);
    await tx.execute(sql`alter table reservations enable trigger reservations_count_inserted`);
    await tx.execute(sql`insert into reservation_counts (status, n)
      select status, count(*) from reservations group by status`);
    // New rows continue after the restored ids.
    const withIds = rowsOf(
      await tx.execute(
        sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and is_identity = 'YES'`,
      ),
    ).map((r) => r.table_name);
    for (const table of BACKUP_TABLES.filter((t) => withIds.includes(t))) {
      const seq = rowsOf(
        await tx.execute(sql`select pg_get_serial_sequence(${table}, 'id') as seq`),
      )[0]?.seq;
      if (typeof seq === 'string') {
        await tx.execute(
          sql`select setval(${seq}, coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
        );
      }
    }
  });
  return counts;
}

/** The columns of every table of the database. */
async function tableColumns(tx: Db): Promise<Map<string, Set<string>>> {
  const rows = rowsOf(
    await tx.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    ),
  );
  const map = new Map<string, Set<string>>();
  for (const r of rows) {
    const table = String(r.table_name);
    if (!map.has(table)) map.set(table, new Set());
    map.get(table)!.add(String(r.column_name));
  }
  return map;
}

interface OldPayment {
  reservation_id: number;
  provider: string;
  event_id: string;
  reference: string;
  amount_cents: number;
  currency: string;
  paid_at: string;
}

/** A version 1 document: receipts were the ones written with a reservation id and no uploader. */
function withDocumentKind(row: Record<string, unknown>) {
  if (row.kind) return row;
  return {
    ...row,
    kind: row.reservation_id != null && row.uploaded_by == null ? 'receipt' : 'upload',
  };
}

/**
 * The church of each stay of a backup made before stays kept one, as migration
 * 0016 gives it: the church its ledger names, else its member's church.
 */
async function fillStayChurches(tx: Db) {
  await tx.execute(sql`update reservations r set account_id = coalesce(
      (select l.account_id from ledger_entries l join accounts a on a.id = l.account_id
       where l.reservation_id = r.id order by l.id limit 1),
      (select u.account_id from users u where u.id = r.user_id))
    where r.account_id is null`);
}

/** A version 1 payment becomes a ledger charge, as the migration 0005_money does for a database. */
async function restoreOldPayment(tx: Db, p: OldPayment) {
  await tx.execute(sql`insert into ledger_entries (reservation_id, account_id, kind, amount_cents, currency, provider, reference, event_id, document_id, event_name, first_day, last_day, created_at)
    select ${p.reservation_id}, coalesce(r.account_id, u.account_id), 'charge', ${p.amount_cents}, ${p.currency}, ${p.provider}, ${p.reference}, ${p.event_id},
      (select d.id from documents d where d.reservation_id = r.id and d.kind = 'receipt' order by d.id limit 1),
      r.event_name, r.first_day, r.last_day, ${p.paid_at}::timestamptz
    from reservations r join users u on u.id = r.user_id where r.id = ${p.reservation_id}`);
  await tx.execute(
    sql`update reservations set price_cents = ${p.amount_cents}, currency = ${p.currency} where id = ${p.reservation_id} and price_cents is null`,
  );
}
