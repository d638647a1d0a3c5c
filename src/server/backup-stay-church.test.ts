// The church of a stay in a backup (docs/stays.md, "Whose stay"): kept as it
// was, even when its member has moved since; a backup made before stays kept
// one gives each the church its ledger names, as migration 0016 does.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from './backup.js';
import { reservations, users } from './db/schema.js';
import { createAccount, createUser, insertReservationRow, useTestApp } from './testing/harness.js';

const t = useTestApp();
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const tempFile = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-backup-'));
  dirs.push(dir);
  return path.join(dir, name);
};

describe('the church of a stay in a backup', () => {
  it('is restored as it was, though its member has moved since', async () => {
    const grace = await createAccount(t.db, 'Grace');
    const hope = await createAccount(t.db, 'Hope');
    const anna = await createUser(t.db, { username: 'anna', accountId: grace.id });
    const [stay] = await insertReservationRow(t.db, {
      userId: anna.id,
      firstDay: '2031-03-01',
      lastDay: '2031-03-02',
    });
    await t.db.update(users).set({ accountId: hope.id }).where(eq(users.id, anna.id));
    const file = await tempFile('now.jsonl.gz');
    await writeBackup(t.db, file);
    await restoreBackup(t.db, file);
    const [restored] = await t.db
      .select({ accountId: reservations.accountId })
      .from(reservations)
      .where(eq(reservations.id, stay!.id));
    expect(restored).toEqual({ accountId: grace.id });
  });

  it('gives the stays of a backup made before they kept their church the church their ledger names', async () => {
    const file = await tempFile('before-0016.jsonl.gz');
    const at = '2030-09-01T00:00:00Z';
    const stay = (id: number, firstDay: string) => ({
      table: 'reservations',
      row: {
        id,
        user_id: 1,
        first_day: firstDay,
        last_day: firstDay,
        event_name: `Retreat ${id}`,
        event_description: 'd',
        status: 'approved',
        payment_status: 'unpaid',
        created_at: at,
        updated_at: at,
      },
    });
    const lines = [
      { format: 'retreat-house-backup', version: 2, createdAt: at, tables: [] },
      ...['Grace', 'Hope'].map((accountName, i) => ({
        table: 'accounts',
        row: { id: i + 1, account_name: accountName, created_at: at, updated_at: at },
      })),
      // anna paid stay 5 as a member of Grace, then moved to Hope.
      {
        table: 'users',
        row: {
          id: 1,
          username: 'anna',
          password_hash: 'x',
          role: 'User',
          status: 'active',
          account_id: 2,
          created_at: at,
          updated_at: at,
        },
      },
      stay(5, '2031-03-01'),
      stay(6, '2031-04-01'),
      {
        table: 'ledger_entries',
        row: {
          id: 1,
          reservation_id: 5,
          account_id: 1,
          kind: 'charge',
          amount_cents: 45000,
          currency: 'USD',
          provider: 'sandbox',
          reference: 'sbx_5',
          event_id: 'evt_5',
          created_at: at,
        },
      },
    ];
    await writeFile(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')));
    await restoreBackup(t.db, file);
    const stays = await t.db
      .select({ id: reservations.id, accountId: reservations.accountId })
      .from(reservations)
      .orderBy(reservations.id);
    expect(stays).toEqual([
      { id: 5, accountId: 1 },
      { id: 6, accountId: 2 },
    ]);
  });
});
