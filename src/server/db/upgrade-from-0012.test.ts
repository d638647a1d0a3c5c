/**
 * Upgrading a house from the release ending at 0012_group_stays (the release
 * houses run before this one) keeps every row and value, dates each approved
 * stay's approval (from the history, else its last change) so that its
 * checklist has due days, and the upgraded site gives the old stays their
 * checklist, questionnaire, attendee link and insurance certificates.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { GROUP_PRICING } from '../../shared/group-pricing.testing.js';
import { CapturingMailer, openEmptyDatabase, testConfig } from '../testing/harness.js';
import { migrateTo, releaseMigrations, rows } from '../testing/release-migrations.js';
import { makePdf, upload, uploadForm } from '../modules/documents/documents.testing.js';
import type { Database } from './open.js';
import {
  ANNA_SESSION,
  TABLES_OF_0006,
  clientWithOldSession,
  oldColumnsOf,
  day,
  seedPreviousRelease,
  snapshot,
  type Row,
} from './upgrade-from-0006.testing.js';

const RELEASE = '0012_group_stays';
const TABLES_OF_0012 = [
  ...TABLES_OF_0006,
  'agreements',
  'calendar_feed_tokens',
  'calendar_holds',
  'checkout_sessions',
  'closures',
  'refunds',
  'reservation_counts',
].sort();

describe('upgrading a database of the release ending at 0012_group_stays', () => {
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
    // The release's own rows: stay 6 approved by the house (recorded), and its signed agreement.
    await database.db
      .execute(sql`insert into account_events (account_id, user_id, kind, summary, reservation_id, created_at)
      values (2, 1, 'reservation_approved', 'Reservation approved: Grace choir weekend', 6, '2026-01-11T10:00:00Z')`);
    await database.db
      .execute(sql`insert into agreements (reservation_id, version, title, paragraphs, full_name,
      accepted_by, accepted_by_username, accepted_at, ip_address, user_agent, terms)
      values (6, '2026-1', 'Terms', '["Be kind."]', 'Grace Leader', 4, 'grace', '2026-01-12T10:00:00Z',
      '127.0.0.1', 'Firefox', '{"deposit":null,"cancellationPolicy":[]}')`);
    const tables = await rows<{ tablename: string }>(
      database,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(TABLES_OF_0012);
    before = await snapshot(database, TABLES_OF_0012);

    await database.migrate();
    app = await buildApp({
      config: testConfig({ DAILY_RATE_CENTS: '10000' }),
      database,
      mailer: new CapturingMailer(),
      logger: false,
      // A house that takes up the shipped group pricing and agreement with this release.
      pricing: GROUP_PRICING,
      agreement: { version: '2027-1', title: 'Terms', paragraphs: ['Be kind.'] },
      rooms: [{ id: 'cedar', name: 'Cedar Room', beds: 2 }],
      mailPollMs: 0,
      refundPollMs: 0,
      deliverMailBeforeAnswering: true,
    });
    cleanups.unshift(() => app.close());
    await app.ready();
    after = await snapshot(database, TABLES_OF_0012);
  });

  it('keeps every row and every value of every table', () => {
    for (const table of TABLES_OF_0006) expect(before[table]!.length, table).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.entries(after).map(([t, l]) => [t, l.length]))).toEqual(
      Object.fromEntries(Object.entries(before).map(([t, l]) => [t, l.length])),
    );
    expect(oldColumnsOf(before, after)).toEqual(before);
  });

  it('dates each approved stay’s approval: from the history, else its last change; others none', async () => {
    const found = await rows<{
      id: number;
      approved_at: Date | string | null;
      updated_at: Date | string;
    }>(database, sql`select id, approved_at, updated_at from reservations order by id`);
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
    const byId = Object.fromEntries(found.map((r) => [r.id, r]));
    expect(iso(byId[6]!.approved_at)).toBe('2026-01-11T10:00:00.000Z');
    for (const id of [1, 4]) expect(iso(byId[id]!.approved_at)).toBe(iso(byId[id]!.updated_at));
    for (const id of [2, 3, 5, 7]) expect(byId[id]!.approved_at).toBeNull();
    expect(await rows(database, sql`select * from questionnaires`)).toEqual([]);
    expect(await rows(database, sql`select * from documents where expires_on is not null`)).toEqual(
      [],
    );
  });

  it('gives an old stay its checklist, questionnaire, attendee link and insurance', async () => {
    const anna = clientWithOldSession(app, ANNA_SESSION);
    const checklist = await anna.get('/api/reservations/1/checklist');
    expect(checklist.statusCode, checklist.body).toBe(200);
    // Stay 1 was paid in full before: its balance is done; the rest the house now asks for.
    expect(checklist.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item: 'balance', done: true }),
        expect.objectContaining({ item: 'agreement', done: false }),
        expect.objectContaining({ item: 'questionnaire', done: false }),
      ]),
    );
    const q = await anna.get('/api/reservations/1/questionnaire');
    expect(q.json()).toMatchObject({ finalGuests: null, rooming: [], submittedAt: null });
    const link = await anna.post('/api/reservations/2/attendee-link');
    expect(link.statusCode, link.body).toBe(200);
    const cert = await upload(
      anna,
      uploadForm(
        { bytes: await makePdf('Certificate'), name: 'cert.pdf' },
        { description: 'Insurance', kind: 'insurance', expiresOn: day(400) },
      ),
    );
    expect(cert.statusCode, cert.body).toBe(201);
    const items = (await anna.get('/api/reservations/2/checklist')).json() as Row[];
    expect(items.find((i) => i.item === 'insurance')).toMatchObject({ done: true });
  });
});
