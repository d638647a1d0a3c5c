import { and, eq, sql } from 'drizzle-orm';
import { occupancyReport, type MonthMoney } from '../../../shared/occupancy-report.js';
import { OCCUPANCY_COLUMNS, type OccupancyMonth } from '../../../shared/schemas/operations.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import { csvLine } from '../../csv.js';
import type { Db } from '../../db/open.js';
import { closures, ledgerEntries, reservations } from '../../db/schema.js';
import { netPaidCentsColumn } from '../payments/paid.js';
import { expectedGuestsOf, mealTermsOf } from './stays-query.js';

/**
 * The year's occupancy and revenue by month (docs/house-operations.md). Three
 * small queries, each bounded by the year through an index: the approved stays
 * holding a day of it, its closures, and the ledger's sums by month in the
 * house's time zone. At most a year's stays reach the pure report.
 */
export function createReports(deps: {
  db: Db;
  pricing: () => PricingRules;
  facilityTimezone: string;
}) {
  async function occupancy(year: number): Promise<OccupancyMonth[]> {
    const pricing = deps.pricing();
    const [first, last, next] = [`${year}-01-01`, `${year}-12-31`, `${year + 1}-01-01`];
    const tz = deps.facilityTimezone;
    const [stays, closed, money] = await Promise.all([
      deps.db
        .select({ r: reservations, netPaid: netPaidCentsColumn })
        .from(reservations)
        .where(
          and(
            eq(reservations.status, 'approved'),
            sql`${reservations.firstDay} <= ${last}`,
            sql`${reservations.lastDay} >= ${first}`,
          ),
        ),
      deps.db
        .select({ firstDay: closures.firstDay, lastDay: closures.lastDay })
        .from(closures)
        .where(and(sql`${closures.firstDay} <= ${last}`, sql`${closures.lastDay} >= ${first}`)),
      deps.db
        .select({
          month: sql<number>`extract(month from ${ledgerEntries.createdAt} at time zone ${tz})::int`,
          receivedCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'charge'), 0)::int`,
          refundedCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'refund'), 0)::int`,
        })
        .from(ledgerEntries)
        .where(
          and(
            sql`${ledgerEntries.createdAt} >= (${first}::timestamp at time zone ${tz})`,
            sql`${ledgerEntries.createdAt} < (${next}::timestamp at time zone ${tz})`,
          ),
        )
        .groupBy(sql`1`),
    ]);
    return occupancyReport(
      year,
      stays.map(({ r, netPaid }) => ({
        firstDay: r.firstDay,
        lastDay: r.lastDay,
        guests: expectedGuestsOf(r, mealTermsOf(r, pricing).minimumGuests),
        priceCents: r.priceCents ?? 0,
        netPaidCents: netPaid,
      })),
      closed,
      money as MonthMoney[],
    );
  }

  return {
    occupancy,
    /** The same figures as CSV, the field names as its header. */
    async occupancyCsv(year: number): Promise<string> {
      const rows = await occupancy(year);
      const lines = [csvLine(OCCUPANCY_COLUMNS)];
      for (const row of rows) lines.push(csvLine(OCCUPANCY_COLUMNS.map((c) => row[c])));
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
