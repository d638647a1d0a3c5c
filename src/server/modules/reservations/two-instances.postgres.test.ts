import { describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../../shared/dates.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/open.js';
import { reservations } from '../../db/schema.js';
import { TestClient, createAccount, loggedInClient, useTestApp } from '../../testing/harness.js';

// Runs only in the PostgreSQL project: two app instances share one server.
const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

function body(offset: number, length: number) {
  const first = addDays(todayIn('America/Chicago'), offset);
  return {
    startTime: startTimeOf(first),
    endTime: endTimeOf(addDays(first, length - 1)),
    eventName: 'Retreat',
    eventDescription: 'Weekend',
  };
}

describe('two app instances on one PostgreSQL', () => {
  it('let exactly one of 50 simultaneous overlapping requests win', async () => {
    // Its own connection pool, as a second process would have.
    const secondDb = await openDatabase({ databaseUrl: t.databaseUrl! });
    const second = await buildApp({
      config: t.config,
      database: secondDb,
      mailer: t.mailer,
      logger: false,
    });
    try {
      const account = await createAccount(t.db, 'Church');
      const { client: a } = await loggedInClient(t, { username: 'anna', accountId: account.id });
      const b = new TestClient(second);
      expect(
        (await b.post('/api/auth/login', { username: 'anna', password: 'secret123' })).statusCode,
      ).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? a : b).post('/api/reservations', body(30 + (i % 4), 4)),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
      expect(await t.db.select().from(reservations)).toHaveLength(1);
    } finally {
      await second.close();
      await secondDb.close();
    }
  });
});
