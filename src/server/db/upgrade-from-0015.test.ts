/**
 * Upgrading a house from the release ending at 0015_content_versions (the
 * release houses run before this one): every row and value is kept, and every
 * stay gets its church (docs/stays.md, "Whose stay"): the one its ledger
 * names, even when its member has moved to another church since paying, else
 * its member's church. The upgraded site shows the stay's money and papers to
 * that church only.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { CapturingMailer, TestClient, openEmptyDatabase, testConfig } from '../testing/harness.js';
import { migrateTo, releaseMigrations, rows } from '../testing/release-migrations.js';
import type { Database } from './open.js';
import {
  ADMIN_SESSION,
  ANNA_SESSION,
  TABLES_OF_0006,
  clientWithOldSession,
  oldColumnsOf,
  seedPreviousRelease,
  snapshot,
  type Row,
} from './upgrade-from-0006.testing.js';

const RELEASE = '0015_content_versions';
const TABLES_OF_0015 = [
  ...TABLES_OF_0006,
  'agreements',
  'attendee_links',
  'attendees',
  'calendar_feed_tokens',
  'calendar_holds',
  'checkout_sessions',
  'closures',
  'content_images',
  'content_versions',
  'questionnaires',
  'refunds',
  'reservation_counts',
].sort();

/** A stay's terms as the release kept them: no meal rule, so every day at the whole rate. */
const OLD_TERMS = {
  houseCents: 0,
  houseLines: [],
  group: {
    minimumGuests: 12,
    maximumGuests: 40,
    perPersonNightCents: 6500,
    dayUsePerPersonCents: 2500,
    arrivalDayMeals: ['dinner'],
    departureDayMeals: ['breakfast', 'lunch'],
    deposit: { percent: 25, refundable: false, dueDaysAfterApproval: 7 },
    balanceDueDaysBeforeStart: 14,
    finalCountDueDaysBeforeStart: 10,
    insuranceRequired: true,
  },
  mealPlan: {
    id: 'full-board',
    label: 'Three meals a day',
    perPersonDayCents: 3500,
    meals: ['breakfast', 'lunch', 'dinner'],
  },
  cancellationPolicy: [{ daysBeforeStart: 30, refundPercent: 100 }],
};

// The seeded house (upgrade-from-0006.testing.ts): St. Mark (1) and Grace Chapel (2);
// anna of St. Mark asked for stays 1 to 5 and paid 1, 3 and 4; clara of Grace for 6 and 7.
const ST_MARK = 1;
const GRACE = 2;

describe('upgrading a database of the release ending at 0015_content_versions', () => {
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
    const { db } = database;
    // The release's own rows: anna accepted the agreement of stay 1 for St. Mark, which
    // kept its signed copy; dora joined St. Mark; then anna moved to Grace Chapel.
    await db.execute(sql`insert into documents (account_id, uploaded_by, file_name, description, file_size, content, reservation_id, kind)
      values (${ST_MARK}, null, 'agreement-reservation-1.pdf', 'Facility agreement - Reservation ID: 1', 5, '\\x255044462d', 1, 'agreement')`);
    await db.execute(sql`insert into agreements (reservation_id, version, title, paragraphs, full_name, accepted_by,
        accepted_by_username, accepted_at, ip_address, user_agent, terms, document_id)
      values (1, '2026-1', 'Terms', '["Be kind."]', 'Anna Lindqvist', 2, 'anna', '2026-01-04T10:00:00Z',
        '127.0.0.1', 'test', '{"deposit": null, "cancellationPolicy": []}',
        (select id from documents where kind = 'agreement'))`);
    await db.execute(sql`insert into users (username, email, password_hash, role, status, account_id)
      select 'dora', 'dora@stmark.test', password_hash, 'User', 'active', ${ST_MARK} from users where username = 'anna'`);
    await db.execute(sql`update users set account_id = ${GRACE} where username = 'anna'`);
    // clara's approved group stay, priced by the release's meal rule (every day at the
    // whole rate), whose questionnaire's count was binding from its first save.
    await db.execute(sql`insert into reservations (user_id, first_day, last_day, event_name, event_description,
        status, payment_status, price_cents, currency, guests, meal_plan, final_guests, deposit_cents, price_terms)
      select id, '2031-06-05', '2031-06-07', 'Choir weekend', 'Twenty singers', 'approved', 'unpaid', 470000,
        'USD', 20, 'full-board', 20, 117500, ${JSON.stringify(OLD_TERMS)}::jsonb from users where username = 'clara'`);
    await db.execute(sql`insert into questionnaires (reservation_id, diets, diet_notes, rooming, arrival_time, setup, updated_at)
      values (8, '{"vegan": 2}', 'No nuts.', '[{"roomId": "cedar", "names": ["Ada", "Bo"]}]', '16:30', '', now())`);
    await db.execute(sql`insert into account_events (account_id, user_id, kind, summary)
      values (${ST_MARK}, 1, 'member_left', 'anna moved to Grace Chapel'),
             (${GRACE}, 1, 'member_joined', 'anna joined from St. Mark')`);
    const tables = await rows<{ tablename: string }>(
      database,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(TABLES_OF_0015);
    before = await snapshot(database, TABLES_OF_0015);

    await database.migrate();
    // What the migrations kept (the app then seeds the content of the shipped files).
    after = await snapshot(database, TABLES_OF_0015);
    app = await buildApp({
      config: testConfig({ DAILY_RATE_CENTS: '10000' }),
      database,
      mailer: new CapturingMailer(),
      logger: false,
      mailPollMs: 0,
      refundPollMs: 0,
    });
    cleanups.unshift(() => app.close());
    await app.ready();
  });

  it('keeps every row and every value of every table', () => {
    for (const table of ['agreements', ...TABLES_OF_0006])
      expect(before[table]!.length, table).toBeGreaterThan(0);
    expect(oldColumnsOf(before, after)).toEqual(before);
  });

  it('gives every stay the church its ledger names, else its member’s church', async () => {
    expect(await rows(database, sql`select id, account_id from reservations order by id`)).toEqual([
      // Paid for by St. Mark before anna moved: St. Mark's.
      { id: 1, account_id: ST_MARK },
      // Nothing on the ledger: the church anna belongs to now.
      { id: 2, account_id: GRACE },
      { id: 3, account_id: ST_MARK },
      { id: 4, account_id: ST_MARK },
      { id: 5, account_id: GRACE },
      // clara's, of Grace Chapel.
      { id: 6, account_id: GRACE },
      { id: 7, account_id: GRACE },
      { id: 8, account_id: GRACE },
    ]);
    // Every stay its ledger names is that church's: none differs.
    expect(
      await rows(
        database,
        sql`select l.id from ledger_entries l join reservations r on r.id = l.reservation_id
          where l.account_id is distinct from r.account_id`,
      ),
    ).toEqual([]);
  });

  it('shows the stays St. Mark paid for to St. Mark only, not to anna who moved', async () => {
    const dora = new TestClient(app);
    const login = await dora.post('/api/auth/login', { username: 'dora', password: 'secret123' });
    expect(login.statusCode, login.body).toBe(200);
    const stMarkLedger = (await dora.get('/api/payments')).json() as { reservationId: number }[];
    expect([...new Set(stMarkLedger.map((e) => e.reservationId))].sort()).toEqual([1, 3, 4]);
    const stMarkPapers = (await dora.get('/api/documents')).json() as {
      kind: string;
      reservationId: number | null;
    }[];
    expect(
      stMarkPapers
        .filter((d) => d.kind !== 'upload')
        .map((d) => d.reservationId)
        .sort(),
    ).toEqual([1, 1, 3, 3, 4]);

    const anna = clientWithOldSession(app, ANNA_SESSION);
    expect((await anna.get('/api/payments')).json()).toEqual([]);
    const annaPapers = (await anna.get('/api/documents')).json() as {
      reservationId: number | null;
    }[];
    expect(annaPapers.filter((d) => d.reservationId !== null)).toEqual([]);
    const annaStays = (await anna.get('/api/reservations/my-reservations')).json() as {
      id: number;
    }[];
    expect(annaStays.map((r) => r.id).sort()).toEqual([2, 5]);
    for (const id of [1, 3, 4])
      expect((await anna.get(`/api/reservations/${id}/cancellation-quote`)).statusCode).toBe(404);

    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const stMarkStays = (await admin.get(`/api/reservations?accountId=${ST_MARK}`)).json() as {
      id: number;
      accountName: string;
    }[];
    expect(stMarkStays.map((r) => [r.id, r.accountName])).toEqual([
      [4, 'St. Mark'],
      [1, 'St. Mark'],
      [3, 'St. Mark'],
    ]);
  });

  it('keeps a questionnaire saved before as the count the house holds, with no name lost', async () => {
    expect(
      await rows(
        database,
        sql`select reservation_id, final_guests, unplaced, rooming from questionnaires where reservation_id = 8`,
      ),
    ).toEqual([
      {
        reservation_id: 8,
        final_guests: 20,
        unplaced: [],
        rooming: [{ roomId: 'cedar', names: ['Ada', 'Bo'] }],
      },
    ]);
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    expect((await admin.get('/api/reservations/8/questionnaire')).json()).toMatchObject({
      finalGuests: 20,
      sentFinalGuests: 20,
      diets: { vegan: 2 },
    });
  });

  it('keeps an old stay’s price and meal rule: a final count reprices it by every day at the whole rate', async () => {
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const stay8 = async () =>
      ((await admin.get(`/api/reservations?accountId=${GRACE}`)).json() as { id: number }[]).find(
        (r) => r.id === 8,
      );
    const before = await stay8();
    expect(before).toMatchObject({ priceCents: 470000, depositCents: 117500, finalGuests: 20 });
    const counted = await admin.put('/api/reservations/8/questionnaire', { finalGuests: 16 });
    expect(counted.statusCode, counted.body).toBe(200);
    // 16 × 2 nights × $65.00 and 16 × 3 days × $35.00; the kitchen's rule would bill 16 × $70.00.
    expect(await stay8()).toMatchObject({
      finalGuests: 16,
      priceCents: 2 * 16 * 6500 + 3 * 16 * 3500,
    });
  });
});
