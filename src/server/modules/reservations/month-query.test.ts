import { asc, sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema.js';
import { memberWithAccount, reserveDays, useTestApp } from '../../testing/harness.js';
import { overlaps } from './repo.js';

const t = useTestApp();

/** The query plan's text, whatever the driver returns rows as. */
async function planOf(query: SQLWrapper) {
  return t.db.transaction(async (tx) => {
    // A handful of rows would be read whole anyway: ask whether the index can answer.
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

describe("a month's reservations", () => {
  it('are the ones overlapping its days, edges included', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const a = await reserveDays(t, client, 40, 3);
    const b = await reserveDays(t, client, 50, 1);
    const rows = await t.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(overlaps(a.first, a.first))
      .orderBy(asc(reservations.id));
    expect(rows.map((r) => r.id)).toEqual([a.id]);
    const both = await t.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(overlaps(a.last, b.first))
      .orderBy(asc(reservations.id));
    expect(both.map((r) => r.id)).toEqual([a.id, b.id]);
  });

  it('are found through the range index, so the time does not grow with the table', async () => {
    const query = t.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(overlaps('2030-01-01', '2030-01-31'));
    expect(await planOf(query)).toContain('reservations_day_range_idx');
  });
});
