import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createAccount, createUser, useTestApp } from '../testing/harness.js';
import { sqlState } from '../errors.js';
import { migrationsFolder } from './open.js';
import * as schema from './schema.js';
import { sessions, users } from './schema.js';

const t = useTestApp();

async function rows<T>(query: ReturnType<typeof sql>) {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const appliedMigrations = () =>
  rows<{ hash: string; created_at: string }>(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
  );

describe('migrations', () => {
  it('has applied every migration of the journal', async () => {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    expect(await appliedMigrations()).toHaveLength(journal.entries.length);
  });

  it('running migrate() again is a no-op that keeps the data', async () => {
    const account = await createAccount(t.db, 'St. Mark');
    await createUser(t.db, { username: 'anna', accountId: account.id });
    const before = await appliedMigrations();
    await t.database.migrate();
    await t.database.migrate();
    expect(await appliedMigrations()).toEqual(before);
    const names = await rows<{ username: string; account_id: number }>(
      sql`select username, account_id from users`,
    );
    expect(names).toEqual([{ username: 'anna', account_id: account.id }]);
  });

  it('two migrate() calls at once are safe', async () => {
    const before = await appliedMigrations();
    await Promise.all([t.database.migrate(), t.database.migrate()]);
    expect(await appliedMigrations()).toEqual(before);
  });

  it('created every table of the schema', async () => {
    const tables = Object.values(schema as Record<string, unknown>)
      .filter(
        (v): v is PgTable =>
          typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
      )
      .map((table) => getTableConfig(table).name);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'accounts', 'sessions', 'password_reset_tokens']),
    );
    const existing = (
      await rows<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public'`,
      )
    ).map((r) => r.tablename);
    expect(existing).toEqual(expect.arrayContaining(tables));
  });
});

describe('constraints the code relies on', () => {
  async function failure(p: Promise<unknown>) {
    try {
      await p;
    } catch (err) {
      return sqlState(err);
    }
    return 'no error';
  }

  it('usernames are unique regardless of case', async () => {
    await createUser(t.db, { username: 'Anna' });
    expect(await failure(createUser(t.db, { username: 'anna' }))).toBe('23505');
  });

  it('account names are unique regardless of case', async () => {
    await createAccount(t.db, 'St. Mark');
    expect(await failure(createAccount(t.db, 'ST. MARK'))).toBe('23505');
  });

  it('roles and statuses are limited to the known values', async () => {
    const u = await createUser(t.db, { username: 'anna' });
    expect(
      await failure(t.db.execute(sql`update users set role = 'Root' where id = ${u.id}`)),
    ).toBe('23514');
    expect(
      await failure(t.db.execute(sql`update users set status = 'banned' where id = ${u.id}`)),
    ).toBe('23514');
  });

  it('deleting a user deletes their sessions; deleting an account detaches its users', async () => {
    const account = await createAccount(t.db, 'St. Mark');
    const u = await createUser(t.db, { username: 'anna', accountId: account.id });
    await t.db
      .insert(sessions)
      .values({ tokenHash: 'h', userId: u.id, expiresAt: new Date(Date.now() + 60_000) });
    await t.db.execute(sql`delete from accounts where id = ${account.id}`);
    const [row] = await t.db.select().from(users);
    expect(row!.accountId).toBeNull();
    await t.db.delete(users);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });
});
