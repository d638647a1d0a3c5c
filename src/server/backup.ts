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
  'payments',
  'account_events',
  'app_secrets',
] as const;

const FORMAT = 'retreat-house-backup';

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
      await write({ format: FORMAT, version: 1, createdAt: new Date().toISOString(), tables: BACKUP_TABLES });
      for (const table of BACKUP_TABLES) {
        const rows = rowsOf(await tx.execute(sql`select to_json(t) as row from ${sql.identifier(table)} t`));
        counts[table] = rows.length;
        for (const r of rows) await write({ table, row: typeof r.row === 'string' ? JSON.parse(r.row) : r.row });
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  gzip.end();
  await once(out, 'close');
  return counts;
}

/** Replaces the data of a migrated database with a backup's, in one transaction. */
export async function restoreBackup(db: Db, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    let header = true;
    const tables = BACKUP_TABLES.map((t) => `"${t}"`).join(', ');
    await tx.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    // Opened only now: lines read before the loop starts would be lost.
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line) as { format?: string; table?: string; row?: unknown };
      if (header) {
        if (entry.format !== FORMAT) throw new Error(`${file} is not a backup of this site`);
        header = false;
        continue;
      }
      if (!entry.table || !(BACKUP_TABLES as readonly string[]).includes(entry.table)) {
        throw new Error(`unknown table in backup: ${String(entry.table)}`);
      }
      const t = sql.identifier(entry.table);
      await tx.execute(
        sql`insert into ${t} overriding system value select * from json_populate_record(null::${t}, ${JSON.stringify(entry.row)}::json)`,
      );
      counts[entry.table] = (counts[entry.table] ?? 0) + 1;
    }
    if (header) throw new Error(`${file} is empty`);
    // New rows continue after the restored ids.
    const withIds = rowsOf(
      await tx.execute(
        sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and is_identity = 'YES'`,
      ),
    ).map((r) => r.table_name);
    for (const table of BACKUP_TABLES.filter((t) => withIds.includes(t))) {
      const seq = rowsOf(await tx.execute(sql`select pg_get_serial_sequence(${table}, 'id') as seq`))[0]?.seq;
      if (typeof seq === 'string') {
        await tx.execute(
          sql`select setval(${seq}, coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
        );
      }
    }
  });
  return counts;
}
