import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
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

/** The last migration of the release before the money ledger (docs/money.md). */
const PREVIOUS_RELEASE = '0004_account_events';

const previousReleaseMigrations = () => releaseMigrations(PREVIOUS_RELEASE);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('upgrading a database of the previous release', () => {
  it('keeps every row and brings payments and receipts into the ledger', async () => {
    const { database, drop } = await openEmptyDatabase();
    cleanups.push(drop);
    const folder = await previousReleaseMigrations();
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    await migrateTo(database, folder);

    // What a house running the previous release has: people, bookings, a payment and its receipt.
    const hash = await hashPassword('secret123');
    const first = addDays(todayIn('America/Chicago'), 20);
    const db = database.db;
    await db.execute(
      sql`insert into accounts (account_name, primary_contact_email) values ('St. Mark', 'office@stmark.test')`,
    );
    await db.execute(sql`insert into users (username, email, password_hash, role, status, account_id)
      values ('admin', null, ${hash}, 'Administrator', 'active', null), ('anna', 'anna@stmark.test', ${hash}, 'User', 'active', 1)`);
    await db.execute(sql`insert into reservations (user_id, first_day, last_day, event_name, event_description, status, payment_status)
      values (2, ${first}, ${addDays(first, 2)}, 'Paid retreat', 'Paid', 'approved', 'paid'),
             (2, ${addDays(first, 10)}, ${addDays(first, 11)}, 'Unpaid retreat', 'Unpaid', 'pending', 'unpaid'),
             (2, ${addDays(first, 20)}, ${addDays(first, 20)}, 'Old retreat', 'Cancelled', 'cancelled', 'unpaid')`);
    await db.execute(sql`insert into payments (reservation_id, provider, event_id, reference, amount_cents, currency, paid_at)
      values (1, 'sandbox', 'evt_old', 'sbx_old_ref', 42000, 'USD', '2026-10-01T12:00:00Z')`);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    await db.execute(sql`insert into documents (account_id, uploaded_by, file_name, description, file_size, content, reservation_id)
      values (1, null, 'receipt-reservation-1.pdf', 'Payment receipt for "Paid retreat" - Reservation ID: 1', ${pdf.length}, ${pdf}, 1),
             (1, 2, 'minutes.pdf', 'Board minutes', ${pdf.length}, ${pdf}, null)`);
    await db.execute(sql`insert into account_events (account_id, user_id, kind, summary, reservation_id)
      values (1, 2, 'payment_received', 'Payment received: $420.00 for Paid retreat', 1)`);
    const counts = () =>
      rows<{ t: string; n: number }>(
        database,
        sql`select 'users' as t, count(*)::int as n from users union all select 'accounts', count(*)::int from accounts
            union all select 'reservations', count(*)::int from reservations union all select 'documents', count(*)::int from documents
            union all select 'account_events', count(*)::int from account_events`,
      );
    const before = await counts();

    // The new release starts on it: migrations, then the app.
    await database.migrate();
    const app = await buildApp({
      config: testConfig({ DAILY_RATE_CENTS: '10000' }),
      database,
      mailer: new CapturingMailer(),
      logger: false,
      // Prices by the day and no agreement, as the tests' default house (harness.ts).
      pricing: BY_THE_DAY,
      agreement: null,
    });
    cleanups.unshift(() => app.close());
    await app.ready();
    expect(await counts()).toEqual(before);
    // The two unpaid requests get today's price after the start (the paid one, what was paid).
    expect(await app.prices.run()).toBe(2);
    expect(
      await rows(
        database,
        sql`select price_cents as p, currency as c from reservations order by id`,
      ),
    ).toEqual([
      { p: 42000, c: 'USD' },
      { p: 20000, c: 'USD' },
      { p: 10000, c: 'USD' },
    ]);

    const anna = new TestClient(app);
    expect(
      (await anna.post('/api/auth/login', { username: 'anna', password: 'secret123' })).statusCode,
    ).toBe(200);
    const mine = (await anna.get('/api/reservations/my-reservations')).json() as Record<
      string,
      unknown
    >[];
    expect(mine.map((r) => [r.eventName, r.priceCents, r.paidCents, r.paymentStatus])).toEqual([
      ['Paid retreat', 42000, 42000, 'paid'],
      ['Unpaid retreat', 20000, 0, 'unpaid'],
      ['Old retreat', 10000, 0, 'unpaid'],
    ]);
    const docs = (await anna.get('/api/documents')).json() as {
      id: number;
      kind: string;
      fileName: string;
    }[];
    const receipt = docs.find((d) => d.fileName === 'receipt-reservation-1.pdf')!;
    expect(receipt.kind).toBe('receipt');
    expect(docs.find((d) => d.fileName === 'minutes.pdf')!.kind).toBe('upload');
    const ledger = (await anna.get('/api/payments')).json();
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'charge',
        reservationId: 1,
        amountCents: 42000,
        currency: 'USD',
        provider: 'sandbox',
        reference: 'sbx_old_ref',
        documentId: receipt.id,
        accountName: 'St. Mark',
        eventName: 'Paid retreat',
        createdAt: '2026-10-01T12:00:00.000Z',
      }),
    ]);
    // The old receipt is now a record; the old payment cannot be paid twice.
    expect((await anna.delete(`/api/documents/${receipt.id}`)).statusCode).toBe(409);
    expect((await anna.post('/api/payments/1/checkout')).statusCode).toBe(409);
    expect(await rows(database, sql`select 1 from pg_tables where tablename = 'payments'`)).toEqual(
      [],
    );

    // The holding reservations hold their days against closures too (docs/calendar.md);
    // the cancelled one holds nothing, and old rows keep no turnover.
    expect(
      await rows(
        database,
        sql`select reservation_id as id, lower(days)::text as first from calendar_holds order by reservation_id`,
      ),
    ).toEqual([
      { id: 1, first },
      { id: 2, first: addDays(first, 10) },
    ]);
    expect(
      await rows(
        database,
        sql`select distinct turnover_days as t, revision as r from reservations`,
      ),
    ).toEqual([{ t: 0, r: 0 }]);
    const admin = new TestClient(app);
    await admin.post('/api/auth/login', { username: 'admin', password: 'secret123' });
    const closing = await admin.post('/api/closures', {
      startDate: addDays(first, 2),
      endDate: addDays(first, 3),
      reason: 'Painting',
    });
    expect(closing.statusCode).toBe(409);
    expect(closing.json()).toMatchObject({ code: 'closure_over_reservations' });
    const overCancelled = await admin.post('/api/closures', {
      startDate: addDays(first, 20),
      endDate: addDays(first, 20),
      reason: 'Painting',
    });
    expect(overCancelled.statusCode).toBe(201);
  });
});
