// A PostgreSQL database of a benchmark's own, made beside the one named by
// BENCH_DATABASE_URL (default: the local test server) and dropped after.
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** @param {string} sql */
async function run(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Creates the database `name` (a plain identifier) and returns its URL.
 * @param {string} name
 */
export async function createScratchDatabase(name) {
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** @param {string} name */
export async function dropScratchDatabase(name) {
  await run(`drop database if exists ${name} with (force)`);
}
