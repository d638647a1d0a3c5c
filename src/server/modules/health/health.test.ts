import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/open.js';
import { PGlite } from '@electric-sql/pglite';
import { CapturingMailer, testConfig, useTestApp } from '../../testing/harness.js';

const t = useTestApp();

describe('probes', () => {
  it('/healthz answers while the process is up; /readyz when the database answers with every migration', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['set-cookie']).toBeUndefined();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 while a migration is missing', async () => {
    const [last] = (
      (await t.db.execute(
        sql`select id from drizzle.__drizzle_migrations order by id desc limit 1`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const removed = (await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = ${last!.id} returning *`,
    )) as unknown as {
      rows: Record<string, unknown>[];
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'migrating', code: 'unavailable' });
    } finally {
      const row = removed.rows[0]!;
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
  });

  it('/readyz answers 503 while the database is unreachable, /healthz still 200', async () => {
    const pglite = await PGlite.create();
    const database = await openDatabase({ pglite });
    await database.migrate();
    const app = await buildApp({
      config: testConfig(),
      database,
      mailer: new CapturingMailer(),
      logger: false,
      mailPollMs: 0,
    });
    await app.ready();
    await database.close();
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
        status: 'unavailable',
        code: 'unavailable',
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
