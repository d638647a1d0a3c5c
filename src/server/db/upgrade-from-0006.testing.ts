/**
 * For the upgrade tests: a house running the release that ends at migration
 * 0006_mail_outbox, with rows in every table in that release's shape, upgraded
 * to this release's migrations with the real app started on it.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { addDays, todayIn } from '../../shared/dates.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../passwords.js';
import {
  CapturingMailer,
  TestClient,
  openEmptyDatabase,
  testConfig,
  BY_THE_DAY,
} from '../testing/harness.js';
import { migrateTo, releaseMigrations, rows } from '../testing/release-migrations.js';
import type { Database } from './open.js';

/** The last migration of the release the houses run now. */
const PREVIOUS_RELEASE = '0006_mail_outbox';

/** Every table of that release (0000 to 0006; 0005 dropped `payments` into `ledger_entries`). */
export const TABLES_OF_0006 = [
  'account_events',
  'accounts',
  'app_secrets',
  'documents',
  'ledger_entries',
  'mail_outbox',
  'password_reset_tokens',
  'reservations',
  'responsible_persons',
  'sessions',
  'users',
];

const previousReleaseMigrations = () => releaseMigrations(PREVIOUS_RELEASE);

export type Row = Record<string, unknown>;

/** The rows of `now`, cut to the columns the earlier release had (`before`). */
export const oldColumnsOf = (before: Record<string, Row[]>, now: Record<string, Row[]>) =>
  Object.fromEntries(
    Object.entries(now).map(([table, list]) => {
      const columns = Object.keys(before[table]![0] ?? {});
      return [table, list.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])))];
    }),
  );

/** Every row of every table of the previous release, each as JSON (bytea as its hex text), in a stable order. */
export async function snapshot(
  database: Database,
  tables: readonly string[] = TABLES_OF_0006,
): Promise<Record<string, Row[]>> {
  const all: Record<string, Row[]> = {};
  for (const table of tables) {
    const list = await rows<{ row: Row }>(
      database,
      sql`select to_jsonb(t) as row from ${sql.identifier(table)} t`,
    );
    all[table] = list
      .map((r) => r.row)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return all;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const base64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

/** A client already logged in by a session cookie the previous release gave out. */
export function clientWithOldSession(app: FastifyInstance, token: string) {
  const client = new TestClient(app);
  client.cookies.set('sid', token);
  return client;
}

// The house's days (the test config's FACILITY_TIMEZONE).
const today = todayIn('America/Chicago');
const first = addDays(today, 20);
export const day = (offset: number) => addDays(first, offset);

/** The reservations of the previous release: [id, owner, first day, last day, status, payment status]. */
export const RESERVATIONS = [
  [1, 2, day(0), day(2), 'approved', 'paid', 'Paid retreat'],
  [2, 2, day(10), day(11), 'pending', 'unpaid', 'Unpaid retreat'],
  [3, 2, day(20), day(21), 'cancelled', 'paid', 'Refunded retreat'],
  [4, 2, addDays(today, -40), addDays(today, -38), 'approved', 'paid', 'Last spring retreat'],
  [5, 2, day(30), day(31), 'rejected', 'unpaid', 'Rejected retreat'],
  [6, 4, day(40), day(42), 'approved', 'unpaid', 'Grace choir weekend'],
  [7, 4, addDays(today, -70), addDays(today, -69), 'cancelled', 'unpaid', 'Old cancelled'],
] as const;
export const HOLDING_IDS = [1, 2, 4, 6];

// Bytes that are not text, so a lossy copy of `content` would show.
export const receiptBytes = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0, 1, 254, 255]),
]);
const creditNoteBytes = Buffer.from('%PDF-1.4\ncredit note\n%%EOF\n');
const minutesBytes = Buffer.concat([Buffer.from('%PDF-1.7\nminutes'), Buffer.from([0, 0, 128])]);
export const icsText = 'BEGIN:VCALENDAR\r\nUID:reservation-1@site.test\r\nEND:VCALENDAR\r\n';

export const ANNA_SESSION = 'anna-session-token-given-out-by-release-0006';
export const ADMIN_SESSION = 'admin-session-token-given-out-by-release-0006';
export const ANNA_RESET = 'anna-reset-token-mailed-by-release-0006';
export const DOWNLOAD_KEY = 'download-url-key-of-release-0006';

/** What a house running the previous release has, in that release's schema. */
export async function seedPreviousRelease(database: Database) {
  const db = database.db;
  const hash = await hashPassword('secret123');
  await db.execute(sql`insert into accounts (account_name, primary_contact_full_name, primary_contact_phone_number, primary_contact_email, primary_contact_address)
    values ('St. Mark', 'Mark Office', '+1 555 0100', 'office@stmark.test', '1 Church Rd'),
           ('Grace Chapel', null, null, null, null)`);
  await db.execute(sql`insert into responsible_persons (account_id, position, full_name, phone_number, email, address)
    values (1, 0, 'Rev. Paul', '+1 555 0101', 'paul@stmark.test', null),
           (1, 1, 'Martha Keys', null, null, '2 Church Rd')`);
  await db.execute(sql`insert into users (username, email, password_hash, role, status, account_id)
    values ('admin', 'admin@house.test', ${hash}, 'Administrator', 'active', null),
           ('anna', 'anna@stmark.test', ${hash}, 'User', 'active', 1),
           ('ben', 'ben@new.test', ${hash}, 'User', 'pending', null),
           ('clara', 'clara@grace.test', ${hash}, 'User', 'active', 2)`);
  await db.execute(sql`insert into sessions (token_hash, user_id, expires_at)
    values (${sha256(ANNA_SESSION)}, 2, now() + interval '10 days'),
           (${sha256(ADMIN_SESSION)}, 1, now() + interval '10 days')`);
  await db.execute(sql`insert into password_reset_tokens (user_id, token_hash, expires_at, used_at)
    values (2, ${sha256('an-old-used-link')}, now() - interval '1 day', now() - interval '2 days'),
           (2, ${sha256(ANNA_RESET)}, now() + interval '1 hour', null)`);
  await db.execute(sql`insert into app_secrets (name, value)
    values ('download-url', ${DOWNLOAD_KEY}), ('sandbox-webhook', 'webhook-key-0006'), ('sandbox-checkout', 'checkout-key-0006')`);
  for (const [id, userId, firstDay, lastDay, status, paymentStatus, eventName] of RESERVATIONS) {
    await db.execute(sql`insert into reservations (user_id, first_day, last_day, event_name, event_description, status, payment_status,
        admin_notes, cancellation_reason, price_cents, currency)
      values (${userId}, ${firstDay}, ${lastDay}, ${eventName}, ${`Description ${id}`}, ${status}, ${paymentStatus},
        ${id === 1 ? 'Needs the big hall' : null}, ${status === 'cancelled' ? 'Plans changed' : null},
        ${(id === 6 ? 30000 : 10000) + id * 1000}, 'USD')`);
  }
  // Receipts and a credit note (records), and uploads of both churches.
  await db.execute(sql`insert into documents (account_id, uploaded_by, file_name, description, file_size, content, reservation_id, kind)
    values (1, null, 'receipt-reservation-1.pdf', 'Payment receipt - Reservation ID: 1', ${receiptBytes.length}, ${receiptBytes}, 1, 'receipt'),
           (1, null, 'receipt-reservation-3.pdf', 'Payment receipt - Reservation ID: 3', ${receiptBytes.length}, ${receiptBytes}, 3, 'receipt'),
           (1, null, 'credit-note-reservation-3.pdf', 'Credit note - Reservation ID: 3', ${creditNoteBytes.length}, ${creditNoteBytes}, 3, 'credit_note'),
           (1, null, 'receipt-reservation-4.pdf', 'Payment receipt - Reservation ID: 4', ${receiptBytes.length}, ${receiptBytes}, 4, 'receipt'),
           (1, 2, 'minutes.pdf', 'Board minutes', ${minutesBytes.length}, ${minutesBytes}, null, 'upload'),
           (2, 4, 'choir.pdf', 'Choir list', ${minutesBytes.length}, ${minutesBytes}, null, 'upload')`);
  // The money ledger of 0005: three charges and one refund (of reservation 3's charge).
  await db.execute(sql`insert into ledger_entries (reservation_id, account_id, kind, amount_cents, currency, provider, reference, event_id,
      charge_id, document_id, event_name, first_day, last_day, reason, created_at)
    values (1, 1, 'charge', 11000, 'USD', 'sandbox', 'sbx_ref_1', 'evt_1', null, 1, 'Paid retreat', ${day(0)}, ${day(2)}, null, '2026-01-05T10:00:00Z'),
           (3, 1, 'charge', 13000, 'USD', 'sandbox', 'sbx_ref_3', 'evt_3', null, 2, 'Refunded retreat', ${day(20)}, ${day(21)}, null, '2026-01-06T10:00:00Z'),
           (3, 1, 'refund', 6500, 'USD', 'sandbox', 'sbx_refund_3', 'evt_refund_3', 2, 3, 'Refunded retreat', ${day(20)}, ${day(21)}, 'Plans changed', '2026-01-07T10:00:00Z'),
           (4, 1, 'charge', 14000, 'USD', 'sandbox', 'sbx_ref_4', 'evt_4', null, 4, 'Last spring retreat', ${RESERVATIONS[3][2]}, ${RESERVATIONS[3][3]}, null, '2026-01-08T10:00:00Z')`);
  await db.execute(sql`insert into account_events (account_id, user_id, kind, summary, reservation_id, document_id, created_at)
    values (1, 2, 'reservation_requested', 'Reservation requested: Paid retreat', 1, null, '2026-01-01T10:00:00Z'),
           (1, 2, 'payment_received', 'Payment received: $110.00 for Paid retreat', 1, 1, '2026-01-05T10:00:00Z'),
           (1, 2, 'payment_refunded', 'Refunded: $65.00 for Refunded retreat', 3, 3, '2026-01-07T10:00:00Z'),
           (1, 2, 'document_uploaded', 'Document uploaded: minutes.pdf', null, 5, '2026-01-09T10:00:00Z'),
           (2, 4, 'reservation_requested', 'Reservation requested: Grace choir weekend', 6, null, '2026-01-10T10:00:00Z')`);
  // The outbox in every state: due, due again after an error, waiting for a retry,
  // claimed by a process that died mid-send, sent, and failed for good.
  const attachments = [
    { filename: 'reservation-1.ics', contentType: 'text/calendar', contentBase64: base64(icsText) },
  ];
  const receiptAttachment = [
    {
      filename: 'receipt-reservation-1.pdf',
      contentType: 'application/pdf',
      contentBase64: base64(receiptBytes),
    },
  ];
  await db.execute(sql`insert into mail_outbox (kind, to_address, subject, text_body, html_body, attachments, message_id, dedupe_key,
      status, attempts, last_error, next_attempt_at, claimed_until, sent_at)
    values ('approval', 'anna@stmark.test', 'Approved: Paid retreat', 'Your stay is approved.', '<p>Your stay is approved.</p>',
              ${JSON.stringify(attachments)}::jsonb, '<m1@site.test>', null, 'queued', 0, null, now() - interval '1 minute', null, null),
           ('receipt', 'office@stmark.test', 'Receipt: Paid retreat', 'Thank you for your payment.', null,
              ${JSON.stringify(receiptAttachment)}::jsonb, '<m2@site.test>', null, 'queued', 2, 'connect ECONNREFUSED', now() - interval '1 minute', null, null),
           ('payment_reminder', 'anna@stmark.test', 'Payment due: Unpaid retreat', 'Please pay.', null,
              '[]'::jsonb, '<m3@site.test>', 'payment_reminder:2', 'queued', 1, 'timeout', now() + interval '1 hour', null, null),
           ('reservation_request', 'admin@house.test', 'New request: Grace choir weekend', 'A new request.', null,
              '[]'::jsonb, '<m4@site.test>', null, 'sending', 1, null, now() - interval '10 minutes', now() - interval '5 minutes', null),
           ('registration', 'admin@house.test', 'New registration: ben', 'ben registered.', null,
              '[]'::jsonb, '<m5@site.test>', null, 'sent', 1, null, now() - interval '1 day', null, now() - interval '1 day'),
           ('cancellation', 'anna@stmark.test', 'Cancelled: Refunded retreat', 'Your stay is cancelled.', null,
              '[]'::jsonb, '<m6@site.test>', null, 'failed', 8, '550 mailbox unavailable', now() - interval '1 hour', null, null)`);
}

/** The house once upgraded: the rows of the previous release's tables as seeded, after the new migrations, and once the app started. */
export interface UpgradedHouse {
  database: Database;
  app: FastifyInstance;
  mailer: CapturingMailer;
  before: Record<string, Row[]>;
  afterMigrations: Record<string, Row[]>;
  afterStart: Record<string, Row[]>;
}

/**
 * A house of the previous release, upgraded before the tests of the file (or
 * describe block) that calls it and removed after them. The answer is filled
 * in before those tests run.
 */
export function useUpgradedHouse(): UpgradedHouse {
  const house = {} as UpgradedHouse;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  beforeAll(async () => {
    const opened = await openEmptyDatabase();
    const database = opened.database;
    house.database = database;
    cleanups.push(opened.drop);
    const folder = await previousReleaseMigrations();
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    await migrateTo(database, folder);

    const tables = await rows<{ tablename: string }>(
      database,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(TABLES_OF_0006);
    await seedPreviousRelease(database);
    house.before = await snapshot(database);

    // The new release starts on it: migrations, then the app.
    await database.migrate();
    house.afterMigrations = await snapshot(database);
    house.mailer = new CapturingMailer();
    const app = await buildApp({
      config: testConfig({ DAILY_RATE_CENTS: '10000' }),
      database,
      mailer: house.mailer,
      logger: false,
      // Prices by the day and no agreement, as the tests' default house (harness.ts).
      pricing: BY_THE_DAY,
      agreement: null,
      // The worker sends only when a test drains it.
      mailPollMs: 0,
    });
    house.app = app;
    cleanups.unshift(() => app.close());
    await app.ready();
    house.afterStart = await snapshot(database);
  });
  return house;
}
