// Month queries at scale: the latency of the public calendar and of a member's
// calendar for the months of 2030-2031, in a database of 1 000 reservations (all
// in those two years) and in one of 100 000 over many years and 1 000 churches
// (the 99 000 more all outside them, so each month answers the same rows and
// only the table's size differs). Rows are inserted directly, not through the API.
// Each request is asked of both databases in turn, so that both sizes are timed
// on the same machine at the same moment.
// The admin Reservations screen's first page (the whole list's, and the All
// Active tab's, 51 rows with their exact total) and the tabs' counts, at both sizes;
// the same filtered by one member: a regular one, whose 100 reservations are the
// same at both sizes, and one whose history grows with the table (1, then 100).
// The house's operations too: the kitchen's days for a month of 2030, the
// occupancy report of 2030 and today's dashboard.
//   npx tsx bench/scale.ts             embedded PGlite
//   npx tsx bench/scale.ts --postgres  PostgreSQL (BENCH_DATABASE_URL or the local test server)
//   npx tsx bench/scale.ts --postgres --only=regular,regularCounts,grown   those rows only
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.mjs';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/open.js';
import { reservations, users } from '../src/server/db/schema.js';
import { ensureFirstAdmin } from '../src/server/first-admin.js';

const postgres = process.argv.includes('--postgres');
const ADMIN_PASSWORD = 'bench-admin-password';
const MONTHS = Array.from({ length: 24 }, (_, i) => ({
  year: 2030 + Math.floor(i / 12),
  month: (i % 12) + 1,
}));
const ROUNDS = 5;
/** `--only=grown,regular`: measure these rows only (the keys of ROWS below). */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

/** A database of one size with its app, the admin logged in, and the members to filter by. */
interface Sized {
  app: Awaited<ReturnType<typeof buildApp>>;
  sid: string;
  regularId: number;
  memberIds: number[];
  close: () => Promise<void>;
}

/** A scratch database (PostgreSQL, or embedded) of 1 000 reservations or 100 000, and its app. */
async function sized(large: boolean): Promise<Sized> {
  const dbName = `retreat_scale_${process.pid}_${large ? 'large' : 'small'}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'retreat-scale-'));
  const databaseUrl = postgres ? await createScratchDatabase(dbName) : undefined;
  process.env.DATA_DIR = dataDir;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const close = async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres) await dropScratchDatabase(dbName);
  };
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
    // A regular guest: 100 of those (cancelled or rejected) are theirs, and none of
    // the 99 000 below, so a list of their reservations answers the same rows at
    // both sizes, as a month does.
    await db.execute(sql`
      insert into users (username, password_hash, status, account_id)
      select 'regular', 'not-a-hash', 'active', id from accounts where account_name = 'Church 1'`);
    await db.execute(sql`
      update reservations r set user_id = u.id, account_id = u.account_id
      from users u
      where u.username = 'regular' and r.id in (
        select id from reservations where status in ('cancelled', 'rejected') order by id limit 100)`);
    if (large) {
      // 99 000 more, before and after the two years: 1990-2029 and 2032-2069.
      await insertReservations(db, 1_001, 50_000, '1990-01-01', 50, 14_600);
      await insertReservations(db, 50_001, 100_000, '2032-01-01', 50, 13_800);
    }
    await db.execute(sql`analyze`);
    const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(reservations);
    if (counted?.count !== (large ? 100_000 : 1_000)) throw new Error(`${counted?.count} rows`);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid')?.value;
    if (!sid) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const [regular] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'regular'));
    const members = await db
      .select({ id: users.id })
      .from(users)
      .where(like(users.username, 'member%'))
      .orderBy(users.id);
    return {
      app,
      sid,
      regularId: regular!.id,
      memberIds: members.map((m) => m.id),
      close: async () => {
        await app.close();
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The admin's requests, by round: a page of the list (with X-Total-Count), or the tabs'
 * counts; by one member: the regular one, or another each round, whose stays grow 1 → 100.
 */
const ADMIN_URLS = {
  list: () => '/api/reservations?limit=51&offset=0',
  tab: () => '/api/reservations?status=pending,approved&limit=51&offset=0',
  counts: () => '/api/reservations/counts',
  regular: (s: Sized) => `/api/reservations?userId=${s.regularId}&limit=51&offset=0`,
  regularCounts: (s: Sized) => `/api/reservations/counts?userId=${s.regularId}`,
  grown: (s: Sized, round: number) =>
    `/api/reservations?userId=${s.memberIds[round % s.memberIds.length]}&limit=51&offset=0`,
  // The house's operations (docs/house-operations.md).
  kitchen: () => '/api/admin/kitchen?from=2030-06-01&to=2030-06-30',
  occupancy: () => '/api/admin/reports/occupancy?year=2030',
  today: () => '/api/admin/today',
} satisfies Record<string, (s: Sized, round: number) => string>;
type Key = 'public' | 'member' | keyof typeof ADMIN_URLS;
const ROWS: Record<Key, string> = {
  public: 'public calendar, a month',
  member: "a member's calendar, a month",
  list: 'admin list, first page of all',
  tab: 'admin list, first page of All Active',
  counts: "admin list, the tabs' counts",
  regular: 'admin list of a member, the same 100 stays',
  regularCounts: "admin list of a member, the tabs' counts",
  // Not a figure of scale: the answer grows from 1 row to 51 (docs/performance.md).
  grown: 'admin list of a member whose stays grow, 1 then 51 rows',
  kitchen: "kitchen, a month's days",
  occupancy: 'occupancy report, a year',
  today: "today's dashboard",
};
const keys = (Object.keys(ROWS) as Key[]).filter((key) => !only || only.includes(key));
type Figures = Record<Key, { median: number; p99: number }>;

/**
 * Times every request of `keys` on both sizes, each asked of the small and
 * the large app one after the other (in turn, which first), so that both
 * sizes see the same machine: on a shared one, measuring one size minutes
 * after the other moved a ratio by half its value.
 */
async function measure(sizes: readonly [Sized, Sized]): Promise<[Figures, Figures]> {
  const times = sizes.map(
    () => Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<Key, number[]>,
  );
  let turn = 0;
  const time = async (key: Key, url: (s: Sized) => string, withSid = true) => {
    const order = turn++ % 2 ? [1, 0] : [0, 1];
    for (const i of order) {
      const s = sizes[i]!;
      const t0 = performance.now();
      const res = await s.app.inject({
        url: url(s),
        ...(withSid ? { cookies: { sid: s.sid } } : {}),
      });
      times[i]![key].push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(res.body);
    }
  };
  if (keys.includes('public')) {
    // Each month asked once: the public month cache never answers.
    for (const { year, month } of MONTHS)
      await time(
        'public',
        () => `/api/reservations/public-calendar?year=${year}&month=${month}`,
        false,
      );
  }
  if (keys.includes('member')) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const { year, month } of MONTHS)
        await time('member', () => `/api/reservations/calendar?year=${year}&month=${month}`);
    }
  }
  const admin = keys.filter((key): key is keyof typeof ADMIN_URLS => key in ADMIN_URLS);
  for (let round = 0; round < ROUNDS * MONTHS.length; round++) {
    for (const key of admin) await time(key, (s) => ADMIN_URLS[key](s, round));
  }
  const figures = (t: Record<Key, number[]>) =>
    Object.fromEntries(
      keys.map((key) => {
        const xs = [...t[key]].sort((a, b) => a - b);
        const at = (q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
        return [key, { median: at(0.5), p99: at(0.99) }];
      }),
    ) as Figures;
  return [figures(times[0]!), figures(times[1]!)];
}

async function main() {
  process.env.NODE_ENV = 'production';
  process.env.ALLOW_SANDBOX_PAYMENTS = 'true';
  process.env.LOG_LEVEL = 'error';
  const small = await sized(false);
  try {
    const large = await sized(true);
    try {
      await measure([small, large]); // warm-up
      // The month cache lives 5 s: let the warm-up's entries expire.
      await new Promise((r) => setTimeout(r, 5_500));
      const [at1k, at100k] = await measure([small, large]);

      const ratio = (a: number, b: number) => +(b / a).toFixed(2);
      console.log(
        `\n${postgres ? 'PostgreSQL' : 'embedded PGlite'}: 1 000 against 100 000 reservations, 1 000 churches`,
      );
      // The median is the budget's figure; p99 is shown beside it (a few slow answers
      // of a busy machine move it from run to run).
      console.table(
        Object.fromEntries(
          keys.map((key) => [
            ROWS[key],
            {
              'ms at 1 000': +at1k[key].median.toFixed(2),
              'ms at 100 000': +at100k[key].median.toFixed(2),
              ratio: ratio(at1k[key].median, at100k[key].median),
              'p99 ratio': ratio(at1k[key].p99, at100k[key].p99),
            },
          ]),
        ),
      );
    } finally {
      await large.close();
    }
  } finally {
    await small.close();
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
      insert into reservations (user_id, account_id, first_day, last_day, event_name, event_description, status, price_cents, currency)
      select u.id, u.account_id, d.first_day, d.first_day + d.length, 'Retreat ' || g, 'Seeded', d.status, 30000, 'USD'
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
