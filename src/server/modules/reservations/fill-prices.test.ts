import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { quote } from '../../../shared/pricing.js';
import { buildApp } from '../../app.js';
import { fakeLogger } from '../../testing/fake-logger.js';
import { TestClient, createUser, testDbKind, useTestApp } from '../../testing/harness.js';
import { createPriceFiller, priceBatch } from './fill-prices.js';
import {
  PRICING,
  PRICING_FILE,
  seedUnpriced,
  unpriced,
  unpricedCount,
  wrongPrices,
} from './fill-prices.testing.js';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The app as main.ts builds it, on the test's database, with the house's rules. */
async function startApp() {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    mailPollMs: 0,
    pricing: PRICING_FILE,
  });
  closers.push(() => app.close());
  return app;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pricing the reservations of an earlier release', () => {
  it('never holds up the start: ready() leaves them to the job, whose prices the answers show already', async () => {
    const count = unpricedCount(testDbKind);
    await seedUnpriced(t.db, count);
    await createUser(t.db, { username: 'admin', role: 'Administrator', password: 'adminpass' });
    const app = await startApp();
    // Pricing them in a hook of the start timed out on the server (100 000 rows).
    await app.ready();
    expect(await unpriced(t.db)).toBe(count);

    const admin = new TestClient(app);
    await admin.post('/api/auth/login', { username: 'admin', password: 'adminpass' });
    const page = async () => {
      const res = await admin.get('/api/reservations?limit=4');
      expect(res.statusCode).toBe(200);
      return res.json() as {
        startTime: string;
        endTime: string;
        priceCents: number;
        currency: string;
      }[];
    };
    const before = await page();
    for (const r of before) {
      const q = quote(PRICING, r.startTime.slice(0, 10), r.endTime.slice(0, 10));
      expect([r.priceCents, r.currency]).toEqual([q.totalCents, 'USD']);
    }

    expect(await app.prices.run()).toBe(count);
    expect(await unpriced(t.db)).toBe(0);
    expect(await wrongPrices(t.db)).toEqual([]);
    expect(await page()).toEqual(before);
  }, 180_000);

  it('prices the holding reservations first, a batch per transaction', async () => {
    await seedUnpriced(t.db, 400);
    const batch = await priceBatch(t.db, PRICING, { afterId: 0, holding: true, size: 25 });
    expect(batch).toEqual({ priced: 25, lastId: 250 });
    const statuses = (await t.db.execute(
      sql`select distinct status from reservations where price_cents is not null`,
    )) as unknown as { rows: { status: string }[] };
    expect(statuses.rows).toEqual([{ status: 'approved' }]);
    expect(await unpriced(t.db)).toBe(375);
  });

  it('stops after the batch in progress, and the next start goes on with the rows still unpriced', async () => {
    await seedUnpriced(t.db, 2_000);
    const first = createPriceFiller({
      db: t.db,
      pricing: () => PRICING,
      logger: fakeLogger().logger,
      batchSize: 20,
    });
    first.start();
    while ((await unpriced(t.db)) === 2_000) await sleep(2);
    await first.stop();
    const left = await unpriced(t.db);
    // Whole batches only: 200 holding rows, then 1 800 others, twenty at a time.
    expect(left).toBeGreaterThan(0);
    expect((2_000 - left) % 20).toBe(0);
    await sleep(50);
    expect(await unpriced(t.db)).toBe(left);

    const next = createPriceFiller({
      db: t.db,
      pricing: () => PRICING,
      logger: fakeLogger().logger,
    });
    expect(await next.run()).toBe(left);
    expect(await unpriced(t.db)).toBe(0);
    expect(await wrongPrices(t.db)).toEqual([]);
  });

  it('answers requests while it prices, and stops with the app', async () => {
    await seedUnpriced(t.db, 5_000);
    const app = await startApp();
    await app.ready();
    app.prices.start();
    // Between two batches, even on the embedded database, which answers without I/O.
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(await unpriced(t.db)).toBeGreaterThan(0);
    while ((await unpriced(t.db)) === 5_000) await sleep(2);
    await app.close();
    const left = await unpriced(t.db);
    expect(left).toBeGreaterThan(0);
    await sleep(100);
    expect(await unpriced(t.db)).toBe(left);
    expect(await wrongPrices(t.db)).toEqual([]);
  });
});
