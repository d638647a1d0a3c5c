import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { HistoryEntry } from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { accountEvents, reservations, users } from '../../db/schema.js';
import { isAdmin } from '../../../shared/roles.js';

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
  | 'payment_failed'
  | 'agreement_accepted'
  | 'final_count_given'
  | 'questionnaire_submitted'
  | 'document_uploaded'
  | 'document_deleted'
  | 'profile_updated'
  | 'member_joined'
  | 'member_left'
  | 'member_deactivated'
  | 'member_reactivated';

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

/** Who reads the history: a member sees their colleagues' reservations only as redacted entries. */
export interface HistoryViewer {
  id: number;
  role: string;
}

const COLLEAGUE_RESERVATION: Record<string, string> = {
  reservation_requested: 'A reservation by another member of your account was requested.',
  reservation_approved: 'A reservation by another member of your account was approved.',
  reservation_rejected: 'A reservation by another member of your account was rejected.',
  reservation_cancelled: 'A reservation by another member of your account was cancelled.',
  reservation_edited: 'A reservation by another member of your account was edited.',
  reservation_deleted: 'A reservation by another member of your account was deleted.',
  payment_received: "A payment for another member's reservation was received.",
  payment_refunded: "A payment for another member's reservation was refunded.",
  payment_refund_failed:
    "A payment for another member's reservation could not be refunded automatically.",
  payment_failed: "A bank payment for another member's reservation did not go through.",
  agreement_accepted: "The facility agreement for another member's reservation was accepted.",
  final_count_given: "The final count for another member's reservation was given.",
  questionnaire_submitted: "The questionnaire for another member's reservation was sent.",
};

/** The text shown instead of the summary of an event about a colleague's reservation. */
export const redactedSummary = (kind: string) =>
  COLLEAGUE_RESERVATION[kind] ?? "Something happened to another member's reservation.";

/**
 * The account's events, newest first. A member reaches only their own
 * reservations, so an event about another user's reservation (its name and
 * dates are in the summary) reads as a redacted text without its reservation
 * and document ids, unless the viewer caused it. The owner is the reservation's
 * user; once the reservation is deleted, the user who requested it (its
 * reservation_requested event); unknown owners are not the viewer.
 * Administrators see everything.
 */
export async function listAccountEvents(
  db: Db,
  accountId: number,
  viewer: HistoryViewer,
  limit = 200,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ e: accountEvents, username: users.username, ownerId: reservations.userId })
    .from(accountEvents)
    .leftJoin(users, eq(users.id, accountEvents.userId))
    .leftJoin(reservations, eq(reservations.id, accountEvents.reservationId))
    .where(eq(accountEvents.accountId, accountId))
    .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
    .limit(limit);
  const entries = rows.map(({ e, username }) => ({
    id: e.id,
    kind: e.kind,
    summary: e.summary,
    createdAt: e.createdAt.toISOString(),
    username,
    reservationId: e.reservationId,
    documentId: e.documentId,
  }));
  if (isAdmin(viewer)) return entries;

  const owners = new Map<number, number | null>();
  for (const { e, ownerId } of rows)
    if (e.reservationId !== null && ownerId !== null) owners.set(e.reservationId, ownerId);
  const gone = [
    ...new Set(
      rows
        .map(({ e }) => e.reservationId)
        .filter((id): id is number => id !== null && !owners.has(id)),
    ),
  ];
  if (gone.length > 0) {
    // The reservation was created by its owner, so its request event names them
    // (looked up in this account: its index; a request made in another account leaves the owner unknown).
    const requested = await db
      .select({ reservationId: accountEvents.reservationId, userId: accountEvents.userId })
      .from(accountEvents)
      .where(
        and(
          eq(accountEvents.accountId, accountId),
          eq(accountEvents.kind, 'reservation_requested'),
          inArray(accountEvents.reservationId, gone),
        ),
      )
      .orderBy(asc(accountEvents.id));
    for (const r of requested)
      if (r.reservationId !== null && !owners.has(r.reservationId))
        owners.set(r.reservationId, r.userId);
  }

  return entries.map((entry, i) => {
    const causedBy = rows[i]!.e.userId;
    if (entry.reservationId === null || causedBy === viewer.id) return entry;
    if (owners.get(entry.reservationId) === viewer.id) return entry;
    return {
      ...entry,
      summary: redactedSummary(entry.kind),
      reservationId: null,
      documentId: null,
    };
  });
}
