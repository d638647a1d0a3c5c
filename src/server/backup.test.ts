import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_TABLES, restoreBackup, writeBackup } from './backup.js';
import { accounts, documents, reservations } from './db/schema.js';
import { createAccount, createUser, resetDatabase, useTestApp } from './testing/harness.js';
import type { Db } from './db/open.js';

const t = useTestApp();
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function snapshot(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    const result = (await db.execute(
      sql`select to_json(t) as row from ${sql.identifier(table)} t order by 1::text`,
    )) as unknown as { rows: { row: unknown }[] };
    out[table] = result.rows.map((r) => r.row).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

describe('backup and restore', () => {
  it('round-trips every table exactly, bytes and dates included, and ids continue after', async () => {
    const account = await createAccount(t.db, 'Grace Chapel');
    const user = await createUser(t.db, { username: 'anna', accountId: account.id, email: 'a@example.org' });
    await t.db.insert(reservations).values({
      userId: user.id,
      firstDay: '2031-02-28',
      lastDay: '2031-03-02',
      eventName: 'Retreat ✝',
      eventDescription: 'Line one\nline two',
    });
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10]);
    await t.db.insert(documents).values({ accountId: account.id, uploadedBy: user.id, fileName: 'a.pdf', description: 'd', fileSize: bytes.length, content: bytes });
    const before = await snapshot(t.db);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-backup-'));
    dirs.push(dir);
    const file = path.join(dir, 'backup.jsonl.gz');
    const counts = await writeBackup(t.db, file);
    expect(counts).toMatchObject({ accounts: 1, users: 1, reservations: 1, documents: 1 });

    await resetDatabase(t.db);
    await createAccount(t.db, 'Will be replaced');
    await restoreBackup(t.db, file);
    expect(await snapshot(t.db)).toEqual(before);
    const [doc] = await t.db.select().from(documents);
    expect(Buffer.compare(doc!.content, bytes)).toBe(0);

    const [next] = await t.db.insert(accounts).values({ accountName: 'New after restore' }).returning();
    expect(next!.id).toBe(account.id + 1);
  });

  it('refuses a file that is not a backup, changing nothing', async () => {
    await createAccount(t.db, 'Stays');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-backup-'));
    dirs.push(dir);
    const file = path.join(dir, 'not-a-backup.gz');
    const { gzipSync } = await import('node:zlib');
    await writeFile(file, gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup(t.db, file)).rejects.toThrow(/not a backup/);
    expect(await t.db.select().from(accounts)).toHaveLength(1);
  });

  it('covers every table of the database', async () => {
    const result = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    expect(result.rows.map((r) => r.tablename).sort()).toEqual([...BACKUP_TABLES].sort());
  });
});
