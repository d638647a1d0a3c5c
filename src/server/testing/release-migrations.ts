/**
 * For the upgrade tests: a database as an earlier release made it. Houses
 * upgrade from the release they run, so every migration must carry their rows.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { expect } from 'vitest';
import { migrationsFolder, type Database } from '../db/open.js';

/**
 * The migrations folder as a release shipped it: a copy whose journal ends at
 * `lastTag`. The caller removes the folder.
 */
export async function releaseMigrations(lastTag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  // The release under test must add migrations after it, or there is nothing to upgrade.
  expect(journal.entries.length).toBeGreaterThan(last + 1);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** Runs the migrations of `folder` (a release's, or the current `migrationsFolder`). */
export async function migrateTo(database: Database, folder: string) {
  if (database.kind === 'pglite')
    await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}

/** The rows of a raw query. */
export const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
