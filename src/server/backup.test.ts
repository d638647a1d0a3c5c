import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_TABLES, DERIVED_TABLES, restoreBackup, writeBackup } from './backup.js';
import {
  accounts,
  attendeeLinks,
  attendees,
  questionnaires,
  calendarFeedTokens,
  closures,
  contentImages,
  contentVersions,
  documents,
  ledgerEntries,
  reservations,
} from './db/schema.js';
import {
  createAccount,
  createUser,
  expectHeldDaysRefused,
  resetDatabase,
  useTestApp,
} from './testing/harness.js';
import type { Db } from './db/open.js';

const t = useTestApp();
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function snapshot(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    const result = (await db.execute(
      sql`select to_json(t) as row from ${sql.identifier(table)} t order by 1::text`,
    )) as unknown as { rows: { row: unknown }[] };
    out[table] = result.rows
      .map((r) => r.row)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

describe('backup and restore', () => {
  it('round-trips every table exactly, bytes and dates included, and ids continue after', async () => {
    const account = await createAccount(t.db, 'Grace Chapel');
    const user = await createUser(t.db, {
      username: 'anna',
      accountId: account.id,
      email: 'a@example.org',
    });
    await t.db.insert(reservations).values({
      userId: user.id,
      firstDay: '2031-02-28',
      lastDay: '2031-03-02',
      eventName: 'Retreat ✝',
      eventDescription: 'Line one\nline two',
    });
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10]);
    await t.db.insert(documents).values({
      accountId: account.id,
      uploadedBy: user.id,
      fileName: 'a.pdf',
      description: 'd',
      fileSize: bytes.length,
      content: bytes,
    });
    await t.db.insert(ledgerEntries).values({
      reservationId: 1,
      accountId: account.id,
      kind: 'charge',
      amountCents: 45000,
      currency: 'USD',
      provider: 'sandbox',
      reference: 'sbx_1',
      eventId: 'evt_1',
      eventName: 'Retreat ✝',
    });
    await t.db.insert(closures).values({
      firstDay: '2031-04-01',
      lastDay: '2031-04-02',
      reason: 'Roof',
      publicLabel: 'Works',
    });
    await t.db.insert(calendarFeedTokens).values({ userId: user.id, token: 'feed-token-anna' });
    // A stay's questionnaire, attendee link and attendees (docs/stays.md), and an insurance certificate.
    await t.db.insert(questionnaires).values({
      reservationId: 1,
      diets: { vegan: 2 },
      rooming: [{ roomId: 'cedar', names: ['Anna', '서지민'] }],
      arrivalTime: '16:30',
      updatedAt: new Date('2031-01-02T03:04:05.678Z'),
    });
    await t.db
      .insert(attendeeLinks)
      .values({ reservationId: 1, token: 'attendee-token', createdAt: new Date() });
    await t.db.insert(attendees).values({ reservationId: 1, name: 'Ruth', createdAt: new Date() });
    await t.db.insert(documents).values({
      kind: 'insurance',
      accountId: account.id,
      fileName: 'cert.pdf',
      description: 'Insurance',
      fileSize: bytes.length,
      content: bytes,
      expiresOn: '2031-12-31',
    });
    // A content image's bytes (docs/site-content.md), with its uploader.
    const webp = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 \x00\xff', 'latin1');
    await t.db.insert(contentImages).values({
      path: 'images/uploads/0123456789abcdef-640.webp',
      contentType: 'image/webp',
      width: 640,
      height: 400,
      byteSize: webp.length,
      bytes: webp,
      uploadedBy: user.id,
    });
    // The staff's edit of the house's name: a second version of its content.
    await t.db.insert(contentVersions).values({
      name: 'facility',
      version: 2,
      body: { ...t.app.content.site().facility, name: 'Saint-Éloi House' },
      changedBy: 'admin',
    });
    const before = await snapshot(t.db);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-backup-'));
    dirs.push(dir);
    const file = path.join(dir, 'backup.jsonl.gz');
    const counts = await writeBackup(t.db, file);
    expect(counts).toMatchObject({
      accounts: 1,
      users: 1,
      reservations: 1,
      documents: 2,
      questionnaires: 1,
      attendees: 1,
      content_images: 1,
      content_versions: 10, // the 9 kinds seeded from content/, and an edit
    });

    await resetDatabase(t.db);
    await createAccount(t.db, 'Will be replaced');
    await restoreBackup(t.db, file);
    expect(await snapshot(t.db)).toEqual(before);
    const [doc] = await t.db.select().from(documents).orderBy(documents.id);
    expect(Buffer.compare(doc!.content, bytes)).toBe(0);
    const [image] = await t.db.select().from(contentImages);
    expect(Buffer.compare(image!.bytes, webp)).toBe(0);
    expect(image!.uploadedBy).toBe(user.id);
    // The calendar's holds are rebuilt from the reservation and the closure: they still hold.
    const holds = (await t.db.execute(
      sql`select count(*)::int as n from calendar_holds`,
    )) as unknown as { rows: { n: number }[] };
    expect(holds.rows[0]!.n).toBe(2);
    await expectHeldDaysRefused(t.db, {
      userId: user.id,
      firstDay: '2031-04-02',
      lastDay: '2031-04-03',
    });

    const [next] = await t.db
      .insert(accounts)
      .values({ accountName: 'New after restore' })
      .returning();
    expect(next!.id).toBe(account.id + 1);
  });

  it('refuses a file that is not a backup, changing nothing', async () => {
    await createAccount(t.db, 'Stays');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-backup-'));
    dirs.push(dir);
    const file = path.join(dir, 'not-a-backup.gz');
    const { gzipSync } = await import('node:zlib');
    await writeFile(file, gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup(t.db, file)).rejects.toThrow(/not a backup/);
    expect(await t.db.select().from(accounts)).toHaveLength(1);
  });

  it('restores a backup of the release before the ledger: payments become charges, receipts records', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-backup-'));
    dirs.push(dir);
    const file = path.join(dir, 'v1.jsonl.gz');
    const pdf = '\\x255044462d';
    const lines = [
      { format: 'retreat-house-backup', version: 1, createdAt: '2026-10-01T00:00:00Z', tables: [] },
      {
        table: 'accounts',
        row: {
          id: 1,
          account_name: 'Grace',
          created_at: '2026-09-01T00:00:00Z',
          updated_at: '2026-09-01T00:00:00Z',
        },
      },
      {
        table: 'users',
        row: {
          id: 1,
          username: 'anna',
          password_hash: 'x',
          role: 'User',
          status: 'active',
          account_id: 1,
          created_at: '2026-09-01T00:00:00Z',
          updated_at: '2026-09-01T00:00:00Z',
        },
      },
      {
        table: 'reservations',
        row: {
          id: 7,
          user_id: 1,
          first_day: '2031-02-28',
          last_day: '2031-03-02',
          event_name: 'Old retreat',
          event_description: 'd',
          status: 'approved',
          payment_status: 'paid',
          created_at: '2026-09-02T00:00:00Z',
          updated_at: '2026-09-02T00:00:00Z',
        },
      },
      {
        table: 'documents',
        row: {
          id: 3,
          account_id: 1,
          uploaded_by: null,
          file_name: 'receipt-reservation-7.pdf',
          description: 'Payment receipt for "Old retreat" - Reservation ID: 7',
          content_type: 'application/pdf',
          file_size: 5,
          content: pdf,
          reservation_id: 7,
          created_at: '2026-09-03T00:00:00Z',
        },
      },
      {
        table: 'documents',
        row: {
          id: 4,
          account_id: 1,
          uploaded_by: 1,
          file_name: 'minutes.pdf',
          description: 'm',
          content_type: 'application/pdf',
          file_size: 5,
          content: pdf,
          reservation_id: null,
          created_at: '2026-09-03T00:00:00Z',
        },
      },
      {
        table: 'payments',
        row: {
          id: 1,
          reservation_id: 7,
          provider: 'sandbox',
          event_id: 'evt_old',
          reference: 'sbx_old',
          amount_cents: 45000,
          currency: 'USD',
          paid_at: '2026-09-03T00:00:00+00:00',
        },
      },
    ];
    const { gzipSync } = await import('node:zlib');
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')));
    await restoreBackup(t.db, file);
    const docs = await t.db.select().from(documents).orderBy(documents.id);
    expect(docs.map((d) => [d.id, d.kind])).toEqual([
      [3, 'receipt'],
      [4, 'upload'],
    ]);
    const [charge] = await t.db.select().from(ledgerEntries);
    expect(charge).toMatchObject({
      kind: 'charge',
      reservationId: 7,
      accountId: 1,
      amountCents: 45000,
      documentId: 3,
      eventName: 'Old retreat',
      eventId: 'evt_old',
    });
    const [r] = await t.db.select().from(reservations);
    expect(r).toMatchObject({ priceCents: 45000, currency: 'USD', accountId: 1 });
  });

  it('covers every table of the database', async () => {
    const result = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    expect(result.rows.map((r) => r.tablename).sort()).toEqual(
      [...BACKUP_TABLES, ...DERIVED_TABLES].sort(),
    );
  });
});
