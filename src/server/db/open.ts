import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the modules see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to run twice and from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** Any number that identifies our migration lock among other advisory locks. */
const MIGRATION_LOCK_ID = 7_413_260_001;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; ignored with a databaseUrl. */
  dataDir?: string;
  /** An already-opened PGlite instance (tests load a prepared one). */
  pglite?: PGlite;
  poolSize?: number;
}

/**
 * PostgreSQL's settings for the embedded database. Its shared buffers live in
 * the process's WebAssembly memory, which never shrinks: PostgreSQL's 128 MB
 * default held a process on an existing database at about 290 MB resident;
 * 32 MB (4 000 pages, far more than a house's whole database) at about 200 MB.
 * See docs/operations.md, "Speed".
 */
export const EMBEDDED_SETTINGS = ['shared_buffers = 32MB', 'maintenance_work_mem = 16MB'];

/** Beside this module in src/server/db and in the compiled dist/server alike. */
const createDatabaseScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'embedded',
  'create-database.mjs',
);

/**
 * A first start creates the embedded database in a short-lived process of its
 * own (embedded/create-database.mjs): PGlite's initdb grows the WebAssembly
 * memory by some 500 MB, which the server would otherwise keep for its life.
 */
async function createEmbeddedDatabase(dir: string) {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, [createDatabaseScript, dir], { timeout: 120_000 });
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir)
      throw new Error('openDatabase needs a databaseUrl, a dataDir or a pglite instance');
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    await createEmbeddedDatabase(dir);
    client = await PGlite.create(dir, { postgresqlconf: EMBEDDED_SETTINGS });
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns the embedded database, so no lock is needed.
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => pglite.close(),
  };
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Instances starting together take turns; the later ones find nothing to do.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(db as never, { migrationsFolder });
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => {});
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}
