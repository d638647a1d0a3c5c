import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { appSecrets, checkoutSessions } from '../../db/schema.js';
import type { PaymentEvent, ProviderName } from '../../payment-providers/provider.js';

/** Written by the migration that began recording sessions, on a database that had reservations. */
const UNRECORDED_UNTIL = 'unrecorded-checkout-sessions-until';

/** A hosted checkout this site opened (docs/money.md, "Checkout sessions"). */
export async function recordSession(
  db: Db,
  s: {
    provider: ProviderName;
    sessionId: string;
    reservationId: number;
    userId: number;
    amountCents: number;
    currency: string;
  },
) {
  await db.insert(checkoutSessions).values(s).onConflictDoNothing();
}

export type SessionMatch =
  | { kind: 'ours'; reservationId: number; sessionRowId: number | null }
  | { kind: 'foreign' }
  | { kind: 'paid_already' };

/**
 * Whether a paid session is one this site opened, locked for the rest of the
 * transaction. A session from before sessions were recorded still counts, by
 * the reservation it names, when it was opened before that release started.
 */
export async function matchSession(
  tx: Db,
  provider: ProviderName,
  event: PaymentEvent,
): Promise<SessionMatch> {
  const session = event.session!;
  const [row] = await tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.sessionId, session.id)))
    .for('update');
  if (row) {
    if (row.status === 'paid') return { kind: 'paid_already' };
    return { kind: 'ours', reservationId: row.reservationId, sessionRowId: row.id };
  }
  const [cutoff] = await tx
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, UNRECORDED_UNTIL));
  const before = cutoff && session.createdAt.getTime() < new Date(cutoff.value).getTime();
  if (before && event.reservationId > 0)
    return { kind: 'ours', reservationId: event.reservationId, sessionRowId: null };
  return { kind: 'foreign' };
}

export async function setSessionStatus(
  tx: Db,
  provider: ProviderName,
  sessionId: string,
  status: 'processing' | 'paid' | 'failed',
  now: Date,
) {
  const [row] = await tx
    .update(checkoutSessions)
    .set({ status, ...(status === 'processing' ? {} : { completedAt: now }) })
    .where(
      and(
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.sessionId, sessionId),
        ne(checkoutSessions.status, 'paid'),
      ),
    )
    .returning();
  return row;
}
