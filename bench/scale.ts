// Month queries at scale: the latency of the public calendar and of a member's
// calendar for the months of 2030-2031, first with 1 000 reservations (all in
// those two years), then with 100 000 over many years and 1 000 churches
// (the 99 000 more all outside them, so each month answers the same rows and
// only the table's size differs). Rows are inserted directly, not through the API.
// The admin Reservations screen's first page (the whole list's, and the All
// Active tab's, 51 rows with their exact total) and the tabs' counts, at both sizes.
// The house's operations too: the kitchen's days for a month of 2030, the
// occupancy report of 2030 and today's dashboard.
//   npx tsx bench/scale.ts             embedded PGlite
//   npx tsx bench/scale.ts --postgres  PostgreSQL (BENCH_DATABASE_URL or the local test server)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.mjs';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/open.js';
import { reservations } from '../src/server/db/schema.js';
import { ensureFirstAdmin } from '../src/server/first-admin.js';

const postgres = process.argv.includes('--postgres');
const ADMIN_PASSWORD = 'bench-admin-password';
const MONTHS = Array.from({ length: 24 }, (_, i) => ({
  year: 2030 + Math.floor(i / 12),
  month: (i % 12) + 1,
}));
const ROUNDS = 5;

async function main() {
  const dbName = `retreat_scale_${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'retreat-scale-'));
  const databaseUrl = postgres ? await createScratchDatabase(dbName) : undefined;
  process.env.NODE_ENV = 'production';
  process.env.ALLOW_SANDBOX_PAYMENTS = 'true';
  process.env.LOG_LEVEL = 'error';
  process.env.DATA_DIR = dataDir;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const app = await buildApp({ config, database });
    await ensureFirstAdmin(database.db, { username: 'admin', password: ADMIN_PASSWORD }, app.log);
    const { db } = database;

    await db.execute(sql`
      insert into accounts (account_name) select 'Church ' || g from generate_series(1, 1000) g`);
    await db.execute(sql`
      insert into users (username, password_hash, status, account_id)
      select 'member' || g, 'not-a-hash', 'active', a.id
      from generate_series(1, 1000) g join accounts a on a.account_name = 'Church ' || g`);

    // 1 000 in 2030-2031: every tenth holds two days (four apart), the rest
    // cancelled or rejected on any day of the two years.
    await insertReservations(db, 1, 1_000, '2030-01-01', 10, 730);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid')?.value;
    if (!sid) throw new Error(`login failed: ${login.statusCode} ${login.body}`);

    /** The admin's requests: a page of the list (with X-Total-Count), or the tabs' counts. */
    const ADMIN_URLS = {
      list: '/api/reservations?limit=51&offset=0',
      tab: '/api/reservations?status=pending,approved&limit=51&offset=0',
      counts: '/api/reservations/counts',
      // The house's operations (docs/house-operations.md).
      kitchen: '/api/admin/kitchen?from=2030-06-01&to=2030-06-30',
      occupancy: '/api/admin/reports/occupancy?year=2030',
      today: '/api/admin/today',
    };
    const measure = async () => {
      const times = {
        public: [] as number[],
        member: [] as number[],
        list: [] as number[],
        tab: [] as number[],
        counts: [] as number[],
        kitchen: [] as number[],
        occupancy: [] as number[],
        today: [] as number[],
      };
      for (const { year, month } of MONTHS) {
        // Each month asked once: the public month cache never answers.
        const t0 = performance.now();
        const res = await app.inject({
          url: `/api/reservations/public-calendar?year=${year}&month=${month}`,
        });
        times.public.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(res.body);
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const { year, month } of MONTHS) {
          const t0 = performance.now();
          const res = await app.inject({
            url: `/api/reservations/calendar?year=${year}&month=${month}`,
            cookies: { sid },
          });
          times.member.push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(res.body);
        }
      }
      for (let round = 0; round < ROUNDS * MONTHS.length; round++) {
        for (const [key, url] of Object.entries(ADMIN_URLS) as [
          keyof typeof ADMIN_URLS,
          string,
        ][]) {
          const t0 = performance.now();
          const res = await app.inject({ url, cookies: { sid } });
          times[key].push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(res.body);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      return {
        public: median(times.public),
        member: median(times.member),
        list: median(times.list),
        tab: median(times.tab),
        counts: median(times.counts),
        kitchen: median(times.kitchen),
        occupancy: median(times.occupancy),
        today: median(times.today),
      };
    };

    await measure(); // warm-up
    // The month cache lives 5 s: let the warm-up's entries expire.
    await new Promise((r) => setTimeout(r, 5_500));
    const small = await measure();

    // 99 000 more, before and after the two years: 1990-2029 and 2032-2069.
    await insertReservations(db, 1_001, 50_000, '1990-01-01', 50, 14_600);
    await insertReservations(db, 50_001, 100_000, '2032-01-01', 50, 13_800);
    await db.execute(sql`analyze`);
    await measure();
    await new Promise((r) => setTimeout(r, 5_500));
    const large = await measure();

    const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(reservations);
    const count = counted?.count ?? 0;
    const ratio = (a: number, b: number) => +(b / a).toFixed(2);
    console.log(
      `\n${postgres ? 'PostgreSQL' : 'embedded PGlite'}: ${count} reservations, 1 000 churches`,
    );
    const row = (key: keyof typeof small) => ({
      'ms at 1 000': +small[key].toFixed(2),
      'ms at 100 000': +large[key].toFixed(2),
      ratio: ratio(small[key], large[key]),
    });
    console.table({
      'public calendar, a month': row('public'),
      "a member's calendar, a month": row('member'),
      'admin list, first page of all': row('list'),
      'admin list, first page of All Active': row('tab'),
      "admin list, the tabs' counts": row('counts'),
      "kitchen, a month's days": row('kitchen'),
      'occupancy report, a year': row('occupancy'),
      "today's dashboard": row('today'),
    });
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres) await dropScratchDatabase(dbName);
  }
}

/**
 * Reservations `from`..`to` from day `start`: every `holdEvery`-th holds two
 * days (pending or approved, four days apart, never overlapping), the others
 * are cancelled or rejected, one to three days, anywhere in `spanDays`.
 */
async function insertReservations(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  from: number,
  to: number,
  start: string,
  holdEvery: number,
  spanDays: number,
) {
  const chunk = 10_000;
  for (let lo = from; lo <= to; lo += chunk) {
    const hi = Math.min(to, lo + chunk - 1);
    await db.execute(sql`
      insert into reservations (user_id, first_day, last_day, event_name, event_description, status, price_cents, currency)
      select u.id, d.first_day, d.first_day + d.length, 'Retreat ' || g, 'Seeded', d.status, 30000, 'USD'
      from generate_series(${lo}::int, ${hi}::int) g
      cross join lateral (
        select case when g % ${holdEvery} = 0
                 then ${start}::date + ((g - ${from}) / ${holdEvery}) * 4
                 else ${start}::date + ((g * 7919) % ${spanDays}) end as first_day,
               case when g % ${holdEvery} = 0 then 1 else g % 3 end as length,
               case when g % ${holdEvery} = 0 then (case when g % 2 = 0 then 'approved' else 'pending' end)
                    else (case when g % 2 = 0 then 'cancelled' else 'rejected' end) end as status
      ) d
      join users u on u.username = 'member' || (1 + g % 1000)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
