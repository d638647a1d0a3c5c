import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../../backup.js';
import { rows } from '../../testing/release-migrations.js';
import {
  adminClient,
  memberWithAccount,
  requestBody,
  reserveDays,
  useTestApp,
  type TestClient,
} from '../../testing/harness.js';

const t = useTestApp();
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** The kept counts (reservation_counts) and the rows' own counts, by status; a status at 0 may be kept. */
async function keptAndCounted() {
  const kept = await rows<{ status: string; n: number }>(
    t.database,
    sql`select status, n from reservation_counts where n <> 0 order by status`,
  );
  const counted = await rows<{ status: string; n: number }>(
    t.database,
    sql`select status, count(*)::int as n from reservations group by status order by status`,
  );
  return { kept, counted };
}

async function expectExact() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
}

const total = async (admin: TestClient, query: string) => {
  const res = await admin.get(`/api/reservations?${query}`);
  expect(res.statusCode, query).toBe(200);
  return Number(res.headers['x-total-count']);
};

const status = (admin: TestClient, id: number, to: string) =>
  admin.patch(`/api/reservations/${id}/status`, { status: to });

describe('the kept counts of the reservations by status (docs/lists.md)', () => {
  it("answer the admin list's total and the tabs' counts, without counting the rows", async () => {
    const { client: admin } = await adminClient(t);
    const { client: anna, user } = await memberWithAccount(t, 'anna');
    for (const offset of [10, 20, 30]) await reserveDays(t, anna, offset, 2);
    // A count kept wrong on purpose shows where the answers come from.
    await t.db.execute(sql`update reservation_counts set n = n + 1000 where status = 'pending'`);
    expect(await total(admin, 'limit=1')).toBe(1003);
    expect(await total(admin, 'status=pending,approved&limit=1')).toBe(1003);
    expect(await total(admin, 'status=cancelled&limit=1')).toBe(0);
    expect((await admin.get('/api/reservations/counts')).json()).toEqual({
      pending: 1003,
      approved: 0,
      rejected: 0,
      cancelled: 0,
    });
    // Any other filter counts the rows it selects.
    expect(await total(admin, `userId=${user.id}&limit=1`)).toBe(3);
    expect((await admin.get(`/api/reservations/counts?userId=${user.id}`)).json()).toMatchObject({
      pending: 3,
    });
  });

  it('stay exact through requests, status changes, deletions, a deleted member and bulk inserts', async () => {
    const { client: admin } = await adminClient(t);
    const { client: anna } = await memberWithAccount(t, 'anna');
    const { client: ben, user: benUser } = await memberWithAccount(t, 'ben');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await reserveDays(t, i % 2 ? ben : anna, 10 + i * 5, 2)).id);
    await expectExact();
    expect((await status(admin, ids[0]!, 'approved')).statusCode).toBe(200);
    expect((await status(admin, ids[1]!, 'rejected')).statusCode).toBe(200);
    expect((await status(admin, ids[2]!, 'cancelled')).statusCode).toBe(200);
    expect((await anna.patch(`/api/reservations/${ids[4]}/cancel`)).statusCode).toBe(200);
    await expectExact();
    expect((await admin.delete(`/api/reservations/${ids[2]}`)).statusCode).toBe(200);
    // Refused (it holds its days): nothing deleted, nothing counted.
    expect((await admin.delete(`/api/reservations/${ids[0]}`)).statusCode).toBe(409);
    await expectExact();
    await t.db.execute(sql`delete from users where id = ${benUser.id}`);
    await expectExact();
    await t.db.execute(sql`
      insert into reservations (user_id, first_day, last_day, event_name, event_description, status)
      select u.id, '2040-01-01'::date + g * 2, '2040-01-01'::date + g * 2, 'Bulk', 'Bulk',
        case when g % 3 = 0 then 'approved' when g % 3 = 1 then 'cancelled' else 'rejected' end
      from generate_series(1, 300) g cross join (select id from users where username = 'anna') u`);
    await expectExact();
    const { counted } = await keptAndCounted();
    const all = counted.reduce((sum, c) => sum + c.n, 0);
    expect(await total(admin, 'limit=5')).toBe(all);
    expect(await total(admin, 'status=approved,pending&limit=5')).toBe(
      counted
        .filter((c) => ['approved', 'pending'].includes(c.status))
        .reduce((s, c) => s + c.n, 0),
    );
  });

  it('stay exact with many changes at once', async () => {
    const { client: admin } = await adminClient(t);
    const { client: anna } = await memberWithAccount(t, 'anna');
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) => reserveDays(t, anna, 10 + i * 3, 2)),
    );
    const changes = await Promise.all([
      ...made
        .slice(0, 20)
        .map((r, i) => status(admin, r.id, ['approved', 'rejected', 'cancelled'][i % 3]!)),
      ...Array.from({ length: 10 }, (_, i) =>
        anna.post('/api/reservations', requestBody(200 + i * 3, 201 + i * 3)),
      ),
    ]);
    expect(changes.every((r) => [200, 201, 409].includes(r.statusCode))).toBe(true);
    await expectExact();
  });

  it('are rebuilt by a restore, and emptied with the reservations', async () => {
    const { client: admin } = await adminClient(t);
    const { client: anna } = await memberWithAccount(t, 'anna');
    const first = await reserveDays(t, anna, 10, 2);
    await reserveDays(t, anna, 20, 2);
    await status(admin, first.id, 'approved');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kept-counts-'));
    dirs.push(dir);
    const file = path.join(dir, 'backup.jsonl.gz');
    await writeBackup(t.db, file);
    await reserveDays(t, anna, 30, 2);
    await restoreBackup(t.db, file);
    await expectExact();
    expect(await total(admin, 'limit=1')).toBe(2);
    await t.db.execute(sql`truncate reservations cascade`);
    expect((await keptAndCounted()).kept).toEqual([]);
  });
});
