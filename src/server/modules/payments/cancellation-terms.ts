import { eq } from 'drizzle-orm';
import { todayIn, type DayKey } from '../../../shared/dates.js';
import type { PriceTerms } from '../../../shared/group-pricing.js';
import { cancellationRefund } from '../../../shared/pricing.js';
import type {
  CancellationTier,
  DepositRule,
  PricingRules,
} from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { agreements } from '../../db/schema.js';

/**
 * The cancellation tiers and deposit rule that govern a stay (docs/money.md,
 * "The facility agreement"): those the leader accepted in the agreement; else
 * those in force when it was requested; else, for a stay of an earlier release,
 * the house's current tiers (and no deposit).
 */
export async function termsOfStay(
  db: Db,
  stay: { id: number; priceTerms: PriceTerms | null },
  pricing: PricingRules,
): Promise<{ policy: CancellationTier[]; deposit: DepositRule | null }> {
  const [accepted] = await db
    .select({ terms: agreements.terms })
    .from(agreements)
    .where(eq(agreements.reservationId, stay.id));
  if (accepted)
    return { policy: accepted.terms.cancellationPolicy, deposit: accepted.terms.deposit };
  if (stay.priceTerms)
    return {
      policy: stay.priceTerms.cancellationPolicy,
      deposit: stay.priceTerms.group?.deposit ?? null,
    };
  return { policy: pricing.cancellationPolicy, deposit: null };
}

/**
 * What a member's cancellation refunds today of what was paid: the tier's
 * percentage of what was paid beyond a non-refundable deposit, which stays
 * with the house.
 */
export async function memberCancellation(
  db: Db,
  stay: { id: number; firstDay: DayKey; depositCents: number; priceTerms: PriceTerms | null },
  netCents: number,
  o: { pricing: PricingRules; timeZone: string; now: Date },
) {
  const { policy, deposit } = await termsOfStay(db, stay, o.pricing);
  const kept = deposit && !deposit.refundable ? stay.depositCents : 0;
  const today = todayIn(o.timeZone, o.now);
  return { policy, ...cancellationRefund(policy, netCents, today, stay.firstDay, kept) };
}
