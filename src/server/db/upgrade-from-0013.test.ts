/**
 * Upgrading a house from the release ending at 0013_stay_page (the release
 * houses run before this one) keeps every row and value, and the upgraded
 * site counts the old stays' meals and diets for the kitchen and takes the
 * staff's pictures.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { KITCHEN_PRICING } from '../modules/operations/operations.testing.js';
import { CapturingMailer, openEmptyDatabase, testConfig } from '../testing/harness.js';
import { migrateTo, releaseMigrations, rows } from '../testing/release-migrations.js';
import {
  imageForm,
  makePng,
  uploadImage,
} from '../modules/content-images/content-images.testing.js';
import type { Database } from './open.js';
import {
  ADMIN_SESSION,
  TABLES_OF_0006,
  clientWithOldSession,
  day,
  oldColumnsOf,
  seedPreviousRelease,
  snapshot,
  type Row,
} from './upgrade-from-0006.testing.js';

const RELEASE = '0013_stay_page';
const TABLES_OF_0013 = [
  ...TABLES_OF_0006,
  'agreements',
  'attendee_links',
  'attendees',
  'calendar_feed_tokens',
  'calendar_holds',
  'checkout_sessions',
  'closures',
  'questionnaires',
  'refunds',
  'reservation_counts',
].sort();

describe('upgrading a database of the release ending at 0013_stay_page', () => {
  let database: Database;
  let app: FastifyInstance;
  let before: Record<string, Row[]>;
  let after: Record<string, Row[]>;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
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
    // The release's own rows: stay 6 with full board, its questionnaire and an attendee.
    const { db } = database;
    await db.execute(
      sql`update reservations set guests = 15, meal_plan = 'full-board' where id = 6`,
    );
    await db.execute(sql`insert into questionnaires (reservation_id, diets, diet_notes, rooming, arrival_time, setup, updated_at)
      values (6, '{"vegetarian": 2, "glutenFree": 1}', 'No nuts at all', '[{"roomId":"cedar","names":["Ruth"]}]',
              '17:00', 'Chairs in a circle', '2026-01-12T10:00:00Z')`);
    await db.execute(sql`insert into attendee_links (reservation_id, token, created_at)
      values (6, 'attendee-link-of-release-0013-0123456789', '2026-01-12T10:00:00Z')`);
    await db.execute(sql`insert into attendees (reservation_id, name, diet, created_at)
      values (6, 'Ruth', 'vegetarian', '2026-01-12T11:00:00Z')`);
    const tables = await rows<{ tablename: string }>(
      database,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(TABLES_OF_0013);
    before = await snapshot(database, TABLES_OF_0013);

    await database.migrate();
    app = await buildApp({
      config: testConfig({ DAILY_RATE_CENTS: '10000' }),
      database,
      mailer: new CapturingMailer(),
      logger: false,
      // Dinner on arrival, breakfast and lunch on departure.
      pricing: KITCHEN_PRICING,
      rooms: [{ id: 'cedar', name: 'Cedar Room', beds: 2 }],
      mailPollMs: 0,
      refundPollMs: 0,
      deliverMailBeforeAnswering: true,
    });
    cleanups.unshift(() => app.close());
    await app.ready();
    after = await snapshot(database, TABLES_OF_0013);
  });

  it('keeps every row and every value of every table', () => {
    for (const table of ['questionnaires', 'attendee_links', 'attendees', ...TABLES_OF_0006])
      expect(before[table]!.length, table).toBeGreaterThan(0);
    expect(oldColumnsOf(before, after)).toEqual(before);
  });

  it('counts an old stay’s meals and diets, prints its sheet, and takes a picture', async () => {
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const kitchen = await admin.get(`/api/admin/kitchen?from=${day(40)}&to=${day(42)}`);
    expect(kitchen.statusCode, kitchen.body).toBe(200);
    expect(kitchen.json()).toEqual([
      {
        date: day(40),
        breakfast: 0,
        lunch: 0,
        dinner: 15,
        diets: expect.objectContaining({ vegetarian: 2, glutenFree: 1 }),
      },
      {
        date: day(41),
        breakfast: 15,
        lunch: 15,
        dinner: 15,
        diets: expect.objectContaining({ vegetarian: 2 }),
      },
      {
        date: day(42),
        breakfast: 15,
        lunch: 15,
        dinner: 0,
        diets: expect.objectContaining({ glutenFree: 1 }),
      },
    ]);
    const sheet = await admin.get('/api/admin/stays/6/sheet.pdf');
    expect(sheet.statusCode, sheet.body).toBe(200);
    const picture = await uploadImage(
      admin,
      imageForm(await makePng(800, 500), 'porch.png', 'image/png'),
    );
    expect(picture.statusCode, picture.body).toBe(201);
    expect(await rows(database, sql`select width from content_images order by width`)).toEqual([
      { width: 640 },
      { width: 800 },
    ]);
  });
});
