import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { fakeLogger } from '../../testing/fake-logger.js';
import { useTestApp } from '../../testing/harness.js';
import { createPriceFiller } from './fill-prices.js';
import { PRICING, seedUnpriced, unpriced, wrongPrices } from './fill-prices.testing.js';

// Runs only in the PostgreSQL project: two instances start on one server.
const t = useTestApp();

describe('pricing the reservations of an earlier release from two instances', () => {
  it('shares the rows: each is priced once, by one of them', async () => {
    await seedUnpriced(t.db, 20_000);
    // Its own connection pool, as a second process would have.
    const secondDb = await openDatabase({ databaseUrl: t.databaseUrl! });
    try {
      const filler = (db: typeof t.db) =>
        createPriceFiller({
          db,
          pricing: () => PRICING,
          logger: fakeLogger().logger,
          batchSize: 100,
        });
      const [a, b] = await Promise.all([filler(t.db).run(), filler(secondDb.db).run()]);
      expect(a + b).toBe(20_000);
      expect(await unpriced(t.db)).toBe(0);
      expect(await wrongPrices(t.db)).toEqual([]);
    } finally {
      await secondDb.close();
    }
  }, 120_000);
});
