import { eq, isNull } from 'drizzle-orm';
import { quote } from '../../../shared/pricing.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { reservations } from '../../db/schema.js';

/**
 * Reservations requested before prices were kept have none: they get the price
 * of today's rules, once (docs/money.md). Paid ones got what was paid in the
 * migration. Safe to run on every start and from several instances.
 */
export async function fillMissingPrices(db: Db, pricing: PricingRules): Promise<number> {
  const rows = await db
    .select({ id: reservations.id, firstDay: reservations.firstDay, lastDay: reservations.lastDay })
    .from(reservations)
    .where(isNull(reservations.priceCents));
  for (const r of rows) {
    const q = quote(pricing, r.firstDay, r.lastDay);
    await db
      .update(reservations)
      .set({ priceCents: q.totalCents, currency: q.currency })
      .where(eq(reservations.id, r.id));
  }
  return rows.length;
}
