/**
 * What the pricing job's tests share: a house's rules with seasons and weekday
 * rates, and many reservations of a release that kept no prices, written in one
 * set-based INSERT.
 */
import { sql } from 'drizzle-orm';
import { quote } from '../../../shared/pricing.js';
import type { PricingFile, PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { createUser } from '../../testing/harness.js';
import { loadPricing } from '../../pricing-content.js';

/** A summer season and weekend rates: a price that only the day-by-day rule gets right. */
export const PRICING_FILE: PricingFile = {
  dailyRateCents: 10_000,
  seasons: [{ label: 'Summer', from: '06-01', to: '08-31', dailyRateCents: 14_000 }],
  weekdayRates: [{ label: 'Weekend', weekdays: [0, 6], dailyRateCents: 12_000 }],
};
export const PRICING: PricingRules = loadPricing(
  { dailyRateCents: 10_000, currency: 'USD' },
  PRICING_FILE,
);

/** Many on the server, fewer embedded (the test would spend its time seeding). */
export const unpricedCount = (kind: 'pglite' | 'postgres') =>
  kind === 'postgres' ? 100_000 : 5_000;

/**
 * `count` reservations without a price, as a release before 0005 left them: one to
 * three days each, three days apart, every tenth approved (holding its days), the
 * rest cancelled. Returns the member's id.
 */
export async function seedUnpriced(db: Db, count: number) {
  const member = await createUser(db, { username: 'anna' });
  await db.execute(sql`
    insert into reservations (user_id, first_day, last_day, event_name, event_description, status, payment_status)
    select ${member.id}, '2030-01-01'::date + g * 3, '2030-01-01'::date + g * 3 + g % 3,
      'Retreat ' || g, 'Booked before prices were kept',
      case when g % 10 = 0 then 'approved' else 'cancelled' end, 'unpaid'
    from generate_series(1, ${count}::int) g`);
  return member.id;
}

/** How many reservations have no price yet. */
export async function unpriced(db: Db) {
  const result = (await db.execute(
    sql`select count(*)::int as n from reservations where price_cents is null`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** The rows whose stored price is not what the rules give their days (none once all are priced). */
export async function wrongPrices(db: Db) {
  const result = (await db.execute(
    sql`select id, first_day::text as first, last_day::text as last, price_cents as price, currency
        from reservations where price_cents is not null`,
  )) as unknown as {
    rows: { id: number; first: string; last: string; price: number; currency: string }[];
  };
  return result.rows.filter((r) => {
    const q = quote(PRICING, r.first, r.last);
    return r.price !== q.totalCents || r.currency !== q.currency;
  });
}
