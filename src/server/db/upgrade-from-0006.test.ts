/**
 * Upgrading a house that runs the release ending at migration 0006_mail_outbox
 * (the outbox of docs/mail.md) to this release (0007_calendar_admin,
 * 0008_reservation_day_ranges and what follows them in the journal).
 *
 * Our rule: an upgrade keeps every row. A database is made by the previous
 * release's migrations, rows go into every one of its tables by SQL, in that
 * release's shape; then the new migrations run and the real app starts on it,
 * and everything is checked in the tables and through the HTTP API.
 */
import { createHash, createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../shared/dates.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../passwords.js';
import { CapturingMailer, TestClient, openEmptyDatabase, testConfig } from '../testing/harness.js';
import { migrateTo, releaseMigrations, rows } from '../testing/release-migrations.js';
import type { Database } from './open.js';

/** The last migration of the release the houses run now. */
const PREVIOUS_RELEASE = '0006_mail_outbox';

/** Every table of that release (0000 to 0006; 0005 dropped `payments` into `ledger_entries`). */
const TABLES_OF_0006 = [
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

type Row = Record<string, unknown>;

/** Every row of every table of the previous release, each as JSON (bytea as its hex text), in a stable order. */
async function snapshot(database: Database): Promise<Record<string, Row[]>> {
  const all: Record<string, Row[]> = {};
  for (const table of TABLES_OF_0006) {
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

/** The rows of `now`, cut to the columns the previous release had: new columns may be added, none lost. */
function oldColumnsOf(before: Record<string, Row[]>, now: Record<string, Row[]>) {
  return Object.fromEntries(
    Object.entries(now).map(([table, list]) => {
      const columns = Object.keys(before[table]![0]!);
      return [table, list.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])))];
    }),
  );
}

const countsOf = (s: Record<string, Row[]>) =>
  Object.fromEntries(Object.entries(s).map(([table, list]) => [table, list.length]));

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const base64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

/** A client already logged in by a session cookie the previous release gave out. */
function clientWithOldSession(app: FastifyInstance, token: string) {
  const client = new TestClient(app);
  client.cookies.set('sid', token);
  return client;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

// The house's days (the test config's FACILITY_TIMEZONE).
const today = todayIn('America/Chicago');
const first = addDays(today, 20);
const day = (offset: number) => addDays(first, offset);

/** The reservations of the previous release: [id, owner, first day, last day, status, payment status]. */
const RESERVATIONS = [
  [1, 2, day(0), day(2), 'approved', 'paid', 'Paid retreat'],
  [2, 2, day(10), day(11), 'pending', 'unpaid', 'Unpaid retreat'],
  [3, 2, day(20), day(21), 'cancelled', 'paid', 'Refunded retreat'],
  [4, 2, addDays(today, -40), addDays(today, -38), 'approved', 'paid', 'Last spring retreat'],
  [5, 2, day(30), day(31), 'rejected', 'unpaid', 'Rejected retreat'],
  [6, 4, day(40), day(42), 'approved', 'unpaid', 'Grace choir weekend'],
  [7, 4, addDays(today, -70), addDays(today, -69), 'cancelled', 'unpaid', 'Old cancelled'],
] as const;
const HOLDING_IDS = [1, 2, 4, 6];

// Bytes that are not text, so a lossy copy of `content` would show.
const receiptBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 254, 255])]);
const creditNoteBytes = Buffer.from('%PDF-1.4\ncredit note\n%%EOF\n');
const minutesBytes = Buffer.concat([Buffer.from('%PDF-1.7\nminutes'), Buffer.from([0, 0, 128])]);
const icsText = 'BEGIN:VCALENDAR\r\nUID:reservation-1@site.test\r\nEND:VCALENDAR\r\n';

const ANNA_SESSION = 'anna-session-token-given-out-by-release-0006';
const ADMIN_SESSION = 'admin-session-token-given-out-by-release-0006';
const ANNA_RESET = 'anna-reset-token-mailed-by-release-0006';
const DOWNLOAD_KEY = 'download-url-key-of-release-0006';

/** What a house running the previous release has, in that release's schema. */
async function seedPreviousRelease(database: Database) {
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

describe('upgrading a database of the release ending at 0006_mail_outbox', () => {
  let database: Database;
  let app: FastifyInstance;
  let mailer: CapturingMailer;
  let before: Record<string, Row[]>;
  let afterMigrations: Record<string, Row[]>;
  let afterStart: Record<string, Row[]>;

  beforeAll(async () => {
    const opened = await openEmptyDatabase();
    database = opened.database;
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
    before = await snapshot(database);

    // The new release starts on it: migrations, then the app.
    await database.migrate();
    afterMigrations = await snapshot(database);
    mailer = new CapturingMailer();
    app = await buildApp({
      config: testConfig({ DAILY_RATE_CENTS: '10000' }),
      database,
      mailer,
      logger: false,
      // The worker sends only when a test drains it.
      mailPollMs: 0,
    });
    cleanups.unshift(() => app.close());
    await app.ready();
    afterStart = await snapshot(database);
  });

  it('keeps every row and every value of every table of the previous release', () => {
    // Every table had rows, so a table emptied by a migration would show.
    for (const table of TABLES_OF_0006) expect(before[table]!.length, table).toBeGreaterThan(0);
    expect(countsOf(before)).toMatchObject({ reservations: 7, ledger_entries: 4, mail_outbox: 6 });
    expect(countsOf(afterMigrations)).toEqual(countsOf(before));
    expect(countsOf(afterStart)).toEqual(countsOf(before));
    // Every column the previous release had, with the same value in every row.
    expect(oldColumnsOf(before, afterMigrations)).toEqual(before);
    expect(oldColumnsOf(before, afterStart)).toEqual(before);

    // A few values spelled out, as the house would look for them.
    const byId = (table: string, id: number) => afterStart[table]!.find((r) => r.id === id)!;
    expect(byId('reservations', 3)).toMatchObject({
      status: 'cancelled',
      payment_status: 'paid',
      price_cents: 13000,
      cancellation_reason: 'Plans changed',
    });
    expect(byId('ledger_entries', 3)).toMatchObject({
      kind: 'refund',
      amount_cents: 6500,
      charge_id: 2,
      document_id: 3,
    });
    expect(byId('documents', 1)).toMatchObject({
      kind: 'receipt',
      content: `\\x${receiptBytes.toString('hex')}`,
    });
    expect(byId('mail_outbox', 1)).toMatchObject({
      status: 'queued',
      message_id: '<m1@site.test>',
      attachments: [{ filename: 'reservation-1.ics', contentBase64: base64(icsText) }],
    });
  });

  it('gives the old reservations what 0007 and 0008 add', async () => {
    // The holding reservations (past ones too) hold their days in calendar_holds; the others none.
    const holds = await rows(
      database,
      sql`select reservation_id as id, closure_id, lower(days)::text as first, upper(days)::text as after
          from calendar_holds order by reservation_id`,
    );
    expect(holds).toEqual(
      RESERVATIONS.filter((r) => HOLDING_IDS.includes(r[0])).map(([id, , firstDay, lastDay]) => ({
        id,
        closure_id: null,
        first: firstDay,
        after: addDays(lastDay, 1),
      })),
    );
    // Old rows keep no turnover and start at revision 0; no closures or feed tokens yet.
    expect(
      await rows(
        database,
        sql`select turnover_days as t, revision as r, count(*)::int as n from reservations group by 1, 2`,
      ),
    ).toEqual([{ t: 0, r: 0, n: 7 }]);
    expect(
      await rows(
        database,
        sql`select (select count(*)::int from closures) as closures, (select count(*)::int from calendar_feed_tokens) as tokens`,
      ),
    ).toEqual([{ closures: 0, tokens: 0 }]);
    // The new indexes are built over the old rows and usable.
    const indexes = await rows<{ name: string; valid: boolean }>(
      database,
      sql`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname in ('reservations_day_range_idx', 'reservations_status_idx') order by 1`,
    );
    expect(indexes).toEqual([
      { name: 'reservations_day_range_idx', valid: true },
      { name: 'reservations_status_idx', valid: true },
    ]);
  });

  it('shows the member and the administrator their data through the API', async () => {
    // The session the previous release gave anna still logs her in.
    const anna = clientWithOldSession(app, ANNA_SESSION);
    expect((await anna.get('/api/auth/status')).json()).toMatchObject({
      authenticated: true,
      user: { username: 'anna', email: 'anna@stmark.test' },
    });
    // And so does her password.
    const annaByPassword = new TestClient(app);
    expect(
      (await annaByPassword.post('/api/auth/login', { username: 'anna', password: 'secret123' }))
        .statusCode,
    ).toBe(200);

    const mine = (await anna.get('/api/reservations/my-reservations')).json() as Record<
      string,
      unknown
    >[];
    // By first day; prices and the ledger's sums of each.
    expect(
      mine.map((r) => [
        r.id,
        r.status,
        r.paymentStatus,
        r.priceCents,
        r.paidCents,
        r.refundedCents,
      ]),
    ).toEqual([
      [4, 'approved', 'paid', 14000, 14000, 0],
      [1, 'approved', 'paid', 11000, 11000, 0],
      [2, 'pending', 'unpaid', 12000, 0, 0],
      [3, 'cancelled', 'paid', 13000, 13000, 6500],
      [5, 'rejected', 'unpaid', 15000, 0, 0],
    ]);
    // Their names and days as they were.
    expect(mine.map((r) => [r.id, r.eventName, r.startTime, r.endTime])).toEqual(
      [4, 1, 2, 3, 5].map((id) => {
        const [, , firstDay, lastDay, , , eventName] = RESERVATIONS[id - 1]!;
        return [id, eventName, startTimeOf(firstDay), endTimeOf(lastDay)];
      }),
    );
    expect(mine.find((r) => r.id === 3)).toMatchObject({ cancellationReason: 'Plans changed' });

    // The ledger of her church, with its amounts and documents.
    const ledger = (await anna.get('/api/payments')).json() as Record<string, unknown>[];
    expect(
      ledger
        .map((e) => [
          e.id,
          e.kind,
          e.reservationId,
          e.amountCents,
          e.currency,
          e.reference,
          e.documentId,
          e.createdAt,
        ])
        .sort((a, b) => (a[0] as number) - (b[0] as number)),
    ).toEqual([
      [1, 'charge', 1, 11000, 'USD', 'sbx_ref_1', 1, '2026-01-05T10:00:00.000Z'],
      [2, 'charge', 3, 13000, 'USD', 'sbx_ref_3', 2, '2026-01-06T10:00:00.000Z'],
      [3, 'refund', 3, 6500, 'USD', 'sbx_refund_3', 3, '2026-01-07T10:00:00.000Z'],
      [4, 'charge', 4, 14000, 'USD', 'sbx_ref_4', 4, '2026-01-08T10:00:00.000Z'],
    ]);
    expect(ledger.find((e) => e.id === 3)).toMatchObject({
      reason: 'Plans changed',
      accountName: 'St. Mark',
    });

    // Her church's documents: records and uploads, the other church's not; the bytes as stored.
    const docs = (await anna.get('/api/documents')).json() as {
      id: number;
      kind: string;
      fileName: string;
      fileSize: number;
      reservationId: number | null;
    }[];
    expect(docs.map((d) => [d.id, d.kind, d.fileName, d.reservationId]).sort()).toEqual([
      [1, 'receipt', 'receipt-reservation-1.pdf', 1],
      [2, 'receipt', 'receipt-reservation-3.pdf', 3],
      [3, 'credit_note', 'credit-note-reservation-3.pdf', 3],
      [4, 'receipt', 'receipt-reservation-4.pdf', 4],
      [5, 'upload', 'minutes.pdf', null],
    ]);
    const link = await anna.get('/api/documents/1/download');
    expect(link.statusCode).toBe(200);
    const { downloadUrl } = link.json() as { downloadUrl: string };
    // Signed with the key the previous release kept in app_secrets.
    const params = new URL(downloadUrl, 'http://site.test').searchParams;
    expect(params.get('sig')).toBe(
      createHmac('sha256', DOWNLOAD_KEY)
        .update(`1.${params.get('exp')}.${params.get('disposition')}`)
        .digest('base64url'),
    );
    const file = await app.inject({ method: 'GET', url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(receiptBytes)).toBe(true);
    // The credit note is still a record.
    const del = await anna.delete('/api/documents/3');
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'document_is_record' });

    // Her church's profile and history.
    expect((await anna.get('/api/account/profile')).json()).toMatchObject({
      accountName: 'St. Mark',
      primaryContactEmail: 'office@stmark.test',
      responsiblePersons: [
        { fullName: 'Rev. Paul', email: 'paul@stmark.test' },
        { fullName: 'Martha Keys', address: '2 Church Rd' },
      ],
    });
    const history = (await anna.get('/api/account/history')).json() as {
      id: number;
      kind: string;
    }[];
    expect(history.map((h) => [h.id, h.kind])).toEqual([
      [4, 'document_uploaded'],
      [3, 'payment_refunded'],
      [2, 'payment_received'],
      [1, 'reservation_requested'],
    ]);

    // Her personal feed (a token made now, for an old user) has her old reservations by name.
    const feed = (await anna.get('/api/calendar/feed')).json() as { url: string };
    const ics = (await app.inject({ method: 'GET', url: new URL(feed.url).pathname })).body;
    expect(ics).toContain('SUMMARY:Paid retreat');
    expect(ics).toMatch(/UID:reservation-3@site\.test[\s\S]*?STATUS:CANCELLED/);

    // The administrator, by the old session: every reservation, the pending registration, the money.
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const all = (await admin.get('/api/reservations')).json() as Record<string, unknown>[];
    expect(all.map((r) => [r.id, r.status, r.paymentStatus, r.accountName]).sort()).toEqual(
      RESERVATIONS.map(([id, userId, , , status, paymentStatus]) => [
        id,
        status,
        paymentStatus,
        userId === 2 ? 'St. Mark' : 'Grace Chapel',
      ]),
    );
    expect((await admin.get('/api/reservations/counts')).json()).toEqual({
      pending: 1,
      approved: 3,
      rejected: 1,
      cancelled: 2,
    });
    expect((await admin.get('/api/users/pending')).json()).toEqual([
      expect.objectContaining({ username: 'ben', email: 'ben@new.test' }),
    ]);
    expect((await admin.get('/api/payments')).json()).toHaveLength(4);
    expect((await admin.get('/api/payments/summary')).json()).toEqual({
      currency: 'USD',
      receivedCents: 11000 + 13000 + 14000,
      refundedCents: 6500,
      // The unpaid reservations that hold their days: 2 (pending) and 6 (approved).
      outstandingCents: 12000 + 36000,
    });
    const grace = (await admin.get('/api/documents?accountId=2')).json() as { fileName: string }[];
    expect(grace.map((d) => d.fileName)).toEqual(['choir.pdf']);

    // Everyone's calendar shows the holding reservations' days, and only theirs.
    const months = new Set(RESERVATIONS.flatMap((r) => [r[2].slice(0, 7), r[3].slice(0, 7)]));
    const shown = new Set<string>();
    for (const month of months) {
      const [year, m] = month.split('-');
      const res = await new TestClient(app).get(
        `/api/reservations/public-calendar?year=${year}&month=${Number(m)}`,
      );
      expect(res.statusCode).toBe(200);
      for (const e of res.json() as { startTime: string; endTime: string }[])
        shown.add(`${e.startTime} ${e.endTime}`);
    }
    expect([...shown].sort()).toEqual(
      RESERVATIONS.filter((r) => HOLDING_IDS.includes(r[0]))
        .map((r) => `${startTimeOf(r[2])} ${endTimeOf(r[3])}`)
        .sort(),
    );
    const publicIcs = (await new TestClient(app).get('/api/calendar/public.ics')).body;
    for (const [id] of RESERVATIONS) {
      const uid = `UID:reservation-${id}@site.test`;
      if (HOLDING_IDS.includes(id)) expect(publicIcs).toContain(uid);
      else expect(publicIcs).not.toContain(uid);
    }
  });

  it('sends the mail queued before the upgrade and keeps the rest of the outbox', async () => {
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const listed = async (status: string) =>
      (
        (await admin.get(`/api/admin/mail?status=${status}`)).json() as {
          id: number;
          status: string;
        }[]
      )
        .map((m) => [m.id, m.status])
        .sort();
    expect(await listed('queued')).toEqual([
      [1, 'queued'],
      [2, 'queued'],
      [3, 'queued'],
      [4, 'sending'],
    ]);
    expect(await listed('sent')).toEqual([[5, 'sent']]);
    expect(await listed('failed')).toEqual([[6, 'failed']]);

    // The worker of the new release sends what is due, as it was queued: same Message-ID, text, attachments.
    await app.mail.worker.drain();
    const sent = (messageId: string) => mailer.sent.filter((m) => m.messageId === messageId);
    expect(sent('<m1@site.test>')).toEqual([
      expect.objectContaining({
        kind: 'approval',
        to: 'anna@stmark.test',
        subject: 'Approved: Paid retreat',
        text: 'Your stay is approved.',
        html: '<p>Your stay is approved.</p>',
      }),
    ]);
    expect(sent('<m1@site.test>')[0]!.attachments).toEqual([
      {
        filename: 'reservation-1.ics',
        contentType: 'text/calendar',
        content: Buffer.from(icsText),
      },
    ]);
    expect(sent('<m2@site.test>')[0]!.attachments![0]!.content.equals(receiptBytes)).toBe(true);
    // The mail whose sender died mid-send is taken over after its lease.
    expect(sent('<m4@site.test>')).toHaveLength(1);
    // Not yet due, already sent, or failed: none of those.
    for (const id of ['<m3@site.test>', '<m5@site.test>', '<m6@site.test>'])
      expect(sent(id)).toEqual([]);
    expect(
      await rows(database, sql`select id, status, attempts from mail_outbox order by id`),
    ).toEqual([
      { id: 1, status: 'sent', attempts: 1 },
      { id: 2, status: 'sent', attempts: 3 },
      { id: 3, status: 'queued', attempts: 1 },
      { id: 4, status: 'sent', attempts: 2 },
      { id: 5, status: 'sent', attempts: 1 },
      { id: 6, status: 'failed', attempts: 8 },
    ]);

    // The failed one can be retried from the Mail screen and is then sent.
    expect((await admin.post('/api/admin/mail/6/retry')).statusCode).toBe(200);
    await app.mail.worker.drain();
    expect(sent('<m6@site.test>')).toEqual([
      expect.objectContaining({ kind: 'cancellation', text: 'Your stay is cancelled.' }),
    ]);
  });

  it('keeps the old holding reservations blocking their days; cancelled and rejected ones free theirs', async () => {
    const anna = clientWithOldSession(app, ANNA_SESSION);
    const request = (firstDay: string, lastDay: string, eventName: string) =>
      anna.post('/api/reservations', {
        startTime: startTimeOf(firstDay),
        endTime: endTimeOf(lastDay),
        eventName,
        eventDescription: 'After the upgrade',
      });

    // Over the approved reservation 1 and over the pending reservation 2.
    const overApproved = await request(day(2), day(3), 'Over approved');
    expect(overApproved.statusCode).toBe(409);
    expect(overApproved.json()).toMatchObject({ code: 'days_taken', days: [day(2)] });
    const overPending = await request(day(9), day(10), 'Over pending');
    expect(overPending.statusCode).toBe(409);
    expect(overPending.json()).toMatchObject({ code: 'days_taken', days: [day(10)] });
    // Over another church's approved reservation 6.
    expect((await request(day(42), day(43), 'Over Grace')).json()).toMatchObject({
      code: 'days_taken',
      days: [day(42)],
    });

    // The cancelled reservation 3's days are free again.
    const overCancelled = await request(day(20), day(21), 'Over cancelled');
    expect(overCancelled.statusCode).toBe(201);

    // A closure over an old holding reservation is refused; over the rejected one's days it is made.
    const admin = clientWithOldSession(app, ADMIN_SESSION);
    const closing = await admin.post('/api/closures', {
      startDate: day(11),
      endDate: day(12),
      reason: 'Painting',
    });
    expect(closing.statusCode).toBe(409);
    expect(closing.json()).toMatchObject({ code: 'closure_over_reservations' });
    const overRejected = await admin.post('/api/closures', {
      startDate: day(30),
      endDate: day(31),
      reason: 'Painting',
    });
    expect(overRejected.statusCode).toBe(201);

    // The reset link mailed by the previous release still works, once.
    const reset = { token: ANNA_RESET, username: 'anna', newPassword: 'a-new-secret-456' };
    expect((await new TestClient(app).post('/api/auth/reset-password', reset)).statusCode).toBe(
      200,
    );
    expect((await new TestClient(app).post('/api/auth/reset-password', reset)).statusCode).toBe(
      400,
    );
    expect(
      (
        await new TestClient(app).post('/api/auth/login', {
          username: 'anna',
          password: 'a-new-secret-456',
        })
      ).statusCode,
    ).toBe(200);
  });
});
