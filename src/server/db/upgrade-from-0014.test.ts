/**
 * Upgrading a house from the release ending at 0014_content_images (the
 * release houses run before this one): every row and value is kept, and the
 * content/ files the house had edited become the first version of its content
 * in the database, which is what the site shows from then on.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { contentDir } from '../content.js';
import { CapturingMailer, openEmptyDatabase, testConfig, TestClient } from '../testing/harness.js';
import { migrateTo, releaseMigrations, rows } from '../testing/release-migrations.js';
import type { Database } from './open.js';
import {
  ADMIN_SESSION,
  TABLES_OF_0006,
  clientWithOldSession,
  oldColumnsOf,
  seedPreviousRelease,
  snapshot,
  type Row,
} from './upgrade-from-0006.testing.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the files as a house wrote them
type Json = any;
const RELEASE = '0014_content_images';
const TABLES_OF_0014 = [
  ...TABLES_OF_0006,
  'agreements',
  'attendee_links',
  'attendees',
  'calendar_feed_tokens',
  'calendar_holds',
  'checkout_sessions',
  'closures',
  'content_images',
  'questionnaires',
  'refunds',
  'reservation_counts',
].sort();

/** The house's content/ as it had edited it: its own name, rates and rooms, and no agreement. */
async function editedContent(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-content-'));
  await cp(contentDir, dir, { recursive: true });
  const edit = async (name: string, change: (body: Json) => unknown) => {
    const file = path.join(dir, `${name}.json`);
    await writeFile(file, JSON.stringify(change(JSON.parse(await readFile(file, 'utf8')))));
  };
  await edit('facility', (b) => ({ ...b, name: 'Église Saint-Éloi Retreat House' }));
  await edit('pricing', (b) => ({ ...b, group: { ...b.group, perPersonNightCents: 5900 } }));
  await edit('rooms', () => [{ id: 'loft', name: 'The Loft', beds: 9 }]);
  await rm(path.join(dir, 'agreement.json'));
  return dir;
}

describe('upgrading a database of the release ending at 0014_content_images', () => {
  let database: Database;
  let app: FastifyInstance;
  let before: Record<string, Row[]>;
  let after: Record<string, Row[]>;
  let dir: string;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });
  const start = (contentDir: string) =>
    buildApp({
      config: testConfig(),
      database,
      mailer: new CapturingMailer(),
      logger: false,
      mailPollMs: 0,
      refundPollMs: 0,
      contentDir,
    });

  beforeAll(async () => {
    const opened = await openEmptyDatabase();
    database = opened.database;
    cleanups.push(opened.drop);
    for (const tag of ['0006_mail_outbox', RELEASE]) {
      const folder = await releaseMigrations(tag);
      cleanups.push(() => rm(folder, { recursive: true, force: true }));
      await migrateTo(database, folder);
      if (tag !== RELEASE) await seedPreviousRelease(database);
    }
    await database.db
      .execute(sql`insert into content_images (path, content_type, width, height, byte_size, bytes)
      values ('images/uploads/00000000000000aa-640.webp', 'image/webp', 640, 400, 3, '\\x010203')`);
    const tables = await rows<{ tablename: string }>(
      database,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(TABLES_OF_0014);
    before = await snapshot(database, TABLES_OF_0014);

    dir = await editedContent();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await database.migrate();
    app = await start(dir);
    cleanups.unshift(() => app.close());
    await app.ready();
    after = await snapshot(database, TABLES_OF_0014);
  });

  it('keeps every row and every value of every table', () => {
    for (const table of ['content_images', ...TABLES_OF_0006])
      expect(before[table]!.length, table).toBeGreaterThan(0);
    expect(oldColumnsOf(before, after)).toEqual(before);
  });

  it('finds the house’s edited files as the first version of its content', async () => {
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const facility = await admin.get('/api/admin/content/facility');
    expect(facility.statusCode, facility.body).toBe(200);
    expect(facility.json().name).toBe('Église Saint-Éloi Retreat House');
    expect((await admin.get('/api/admin/content/pricing')).json().group.perPersonNightCents).toBe(
      5900,
    );
    expect((await admin.get('/api/admin/content/rooms')).json()).toEqual([
      { id: 'loft', name: 'The Loft', beds: 9 },
    ]);
    expect((await admin.get('/api/admin/content/agreement')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/content/facility/history')).json()).toEqual([
      { version: 1, changedBy: null, changedAt: expect.any(String) },
    ]);
    const visitor = new TestClient(app);
    expect((await visitor.get('/api/facility/info')).json().name).toBe(
      'Église Saint-Éloi Retreat House',
    );
    const quote = await visitor.get(
      '/api/facility/quote?start=2027-06-01&end=2027-06-02&guests=20',
    );
    expect(quote.json().lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ quantity: 20, unitCents: 5900 })]),
    );
  });

  it('reads content/ no more once the database holds the content', async () => {
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const facility = (await admin.get('/api/admin/content/facility')).json();
    expect(
      (await admin.put('/api/admin/content/facility', { ...facility, name: 'Saint-Éloi House' }))
        .statusCode,
    ).toBe(200);
    await app.close();
    // Started again with the shipped files: the staff's edit stays.
    app = await start(contentDir);
    const visitor = new TestClient(app);
    expect((await visitor.get('/api/facility/info')).json().name).toBe('Saint-Éloi House');
    expect(
      await rows(
        database,
        sql`select count(*)::int as n from content_versions where name = 'facility'`,
      ),
    ).toEqual([{ n: 2 }]);
  });
});
