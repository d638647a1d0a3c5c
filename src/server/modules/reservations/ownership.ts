import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isAdmin } from '../../../shared/roles.js';
import { reservations } from '../../db/schema.js';

/** Who asks for a stay: the user, their role and the church they belong to now. */
export interface StayViewer {
  id: number;
  role: string;
  accountId: number | null;
}

type Member = Pick<StayViewer, 'id' | 'accountId'>;

/**
 * Whether a stay is the member's own (docs/stays.md, "Whose stay"): they
 * requested it, and they still belong to the church it belongs to. A member
 * who moved to another church reaches the stays of the church they left only
 * as days, like anyone else's: its money and papers stay with that church.
 */
export const isOwnStay = (r: { userId: number; accountId: number | null }, member: Member) =>
  r.userId === member.id && r.accountId === member.accountId;

/**
 * The member's own stays (`isOwnStay`), as a condition of a reservations query;
 * never null, so `not(ownStays(m))` is every other stay.
 */
export const ownStays = (member: Member): SQL =>
  and(
    eq(reservations.userId, member.id),
    sql`${reservations.accountId} is not distinct from ${member.accountId}`,
  )!;

/** A stay the viewer may open: their own, or any for an administrator. */
export const mayOpenStay = (r: { userId: number; accountId: number | null }, viewer: StayViewer) =>
  isAdmin(viewer) || isOwnStay(r, viewer);
