import { desc, eq } from 'drizzle-orm';
import type { HistoryEntry } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { accountEvents, users } from '../../db/schema.js';

export type AccountEventKind =
  | 'reservation_requested'
  | 'reservation_approved'
  | 'reservation_rejected'
  | 'reservation_cancelled'
  | 'reservation_edited'
  | 'reservation_deleted'
  | 'payment_received'
  | 'payment_refunded'
  | 'payment_refund_failed'
  | 'document_uploaded'
  | 'document_deleted'
  | 'profile_updated';

export interface AccountEventInput {
  accountId: number | null;
  userId?: number | null;
  kind: AccountEventKind;
  summary: string;
  reservationId?: number | null;
  documentId?: number | null;
}

/** Records what happens to an account, in the caller's transaction when it passes one. */
export async function recordAccountEvent(db: Db, event: AccountEventInput) {
  if (event.accountId === null) return;
  await db.insert(accountEvents).values({
    accountId: event.accountId,
    userId: event.userId ?? null,
    kind: event.kind,
    summary: event.summary,
    reservationId: event.reservationId ?? null,
    documentId: event.documentId ?? null,
  });
}

export async function listAccountEvents(
  db: Db,
  accountId: number,
  limit = 200,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ e: accountEvents, username: users.username })
    .from(accountEvents)
    .leftJoin(users, eq(users.id, accountEvents.userId))
    .where(eq(accountEvents.accountId, accountId))
    .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
    .limit(limit);
  return rows.map(({ e, username }) => ({
    id: e.id,
    kind: e.kind,
    summary: e.summary,
    createdAt: e.createdAt.toISOString(),
    username,
    reservationId: e.reservationId,
    documentId: e.documentId,
  }));
}
