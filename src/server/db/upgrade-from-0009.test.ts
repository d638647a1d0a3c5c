/**
 * Upgrading a house from the release ending at 0009_reservation_status_order
 * (the release houses run before this one) keeps every row and value of every
 * table, carries its refunds into `refunds` (0010), and the upgraded site
 * refunds, retries mail and serves feeds on the old rows.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { CapturingMailer, openEmptyDatabase, testConfig, BY_THE_DAY } from '../testing/harness.js';
import { migrateTo, releaseMigrations, rows } from '../testing/release-migrations.js';
import type { Database } from './open.js';
import {
  ADMIN_SESSION,
  TABLES_OF_0006,
  clientWithOldSession,
  oldColumnsOf,
  day,
  seedPreviousRelease,
  snapshot,
  type Row,
} from './upgrade-from-0006.testing.js';

const RELEASE = '0009_reservation_status_order';
const TABLES_OF_0009 = [
  ...TABLES_OF_0006,
  'calendar_feed_tokens',
  'calendar_holds',
  'closures',
].sort();
// A token as the release made them: 32 random bytes in base64url.
const FEED_TOKEN = 'annasFeedTokenGivenOutByRelease0009_abcdefg';

const withoutAddedSetting = (s: Record<string, Row[]>) => ({
  ...s,
  app_secrets: s.app_secrets!.filter((r) => r.name !== 'unrecorded-checkout-sessions-until'),
});

describe('upgrading a database of the release ending at 0009_reservation_status_order', () => {
  let database: Database;
  let app: FastifyInstance;
  let before: Record<string, Row[]>;
  let afterStart: Record<string, Row[]>;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  beforeAll(async () => {
    const opened = await openEmptyDatabase();
    database = opened.database;
    cleanups.push(opened.drop);
    // A house that ran 0006 and then 0009, with rows of both in their shapes.
    for (const tag of ['0006_mail_outbox', RELEASE]) {
      const folder = await releaseMigrations(tag);
      cleanups.push(() => rm(folder, { recursive: true, force: true }));
      await migrateTo(database, folder);
      if (tag !== RELEASE) await seedPreviousRelease(database);
    }
    await database.db
      .execute(sql`insert into closures (first_day, last_day, reason, public_label, created_by)
      values (${day(60)}, ${day(61)}, 'Roof repairs', 'Maintenance', 1)`);
    await database.db.execute(
      sql`insert into calendar_feed_tokens (user_id, token) values (2, ${FEED_TOKEN})`,
    );
    const tables = await rows<{ tablename: string }>(
      database,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(TABLES_OF_0009);
    before = await snapshot(database, TABLES_OF_0009);

    await database.migrate();
    app = await buildApp({
      config: testConfig({ DAILY_RATE_CENTS: '10000' }),
      database,
      mailer: new CapturingMailer(),
      logger: false,
      // Prices by the day and no agreement, as the tests' default house (harness.ts).
      pricing: BY_THE_DAY,
      agreement: null,
      mailPollMs: 0,
      refundPollMs: 0,
      deliverMailBeforeAnswering: true,
    });
    cleanups.unshift(() => app.close());
    await app.ready();
    afterStart = await snapshot(database, TABLES_OF_0009);
  });

  it('keeps every row and every value of every table', () => {
    for (const table of TABLES_OF_0009) expect(before[table]!.length, table).toBeGreaterThan(0);
    const kept = withoutAddedSetting(afterStart);
    expect(Object.fromEntries(Object.entries(kept).map(([t, l]) => [t, l.length]))).toEqual(
      Object.fromEntries(Object.entries(before).map(([t, l]) => [t, l.length])),
    );
    expect(oldColumnsOf(before, kept)).toEqual(before);
  });

  it('carries the refund made before into refunds, as made, with its ledger entry', async () => {
    expect(
      await rows(database, sql`select charge_id, ledger_entry_id, status from refunds`),
    ).toEqual([{ charge_id: 2, ledger_entry_id: 3, status: 'succeeded' }]);
  });

  it('refunds an old paid stay through the provider that took it, and lists it for the staff', async () => {
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const cancelled = await admin.patch('/api/reservations/1/status', { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A stay of the previous release: its price and payments, no group, deposit or agreement.
    expect(cancelled.json()).toMatchObject({
      paidCents: 11000,
      refundedCents: 11000,
      priceCents: 11000,
      guests: null,
      mealPlan: null,
      finalGuests: null,
      depositCents: 0,
      balanceDueDate: null,
      agreement: null,
    });
    const made = (await admin.get('/api/admin/refunds?status=succeeded')).json() as Row[];
    expect(made.map((r) => [r.reservationId, r.amountCents, r.provider])).toEqual([
      [1, 11000, 'sandbox'],
      [3, 6500, 'sandbox'],
    ]);
    // The failed mail of the old outbox is sent now.
    const failed = (await admin.get('/api/admin/mail?status=failed')).json() as { id: number }[];
    expect((await admin.post(`/api/admin/mail/${failed[0]!.id}/retry`)).statusCode).toBe(202);
  });

  it('serves the old feed token and the old closure', async () => {
    const feed = await app.inject({ url: `/api/calendar/feed/${FEED_TOKEN}.ics` });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('Paid retreat');
    const month = day(60).slice(0, 7).split('-').map(Number);
    const closures = await app.inject({
      url: `/api/closures?year=${month[0]}&month=${month[1]}`,
    });
    expect(closures.json()).toEqual([expect.objectContaining({ label: 'Maintenance' })]);
  });
});
