import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { isAdmin } from '../../../shared/roles.js';
import type {
  Attendee,
  AttendeeBody,
  AttendeeStay,
} from '../../../shared/schemas/questionnaire.js';
import type { GroupPricing } from '../../../shared/schemas/pricing.js';
import type { Db } from '../../db/open.js';
import { attendeeLinks, attendees, reservations } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import { lockReservation } from '../payments/charges.js';
import { isOwnStay, type StayViewer } from '../reservations/ownership.js';

type Viewer = StayViewer;

export interface AttendeesDeps {
  db: Db;
  houseName: () => string;
  /** The house's group terms now, for stays of an older release that kept none. */
  group: () => GroupPricing | null;
  now: () => Date;
}

/** A stay that still holds its days takes attendees; a cancelled or rejected one does not. */
const HOLDING = ['pending', 'approved'] as const;
/** Without group pricing, the most attendees one link takes. */
const MAX_WITHOUT_GROUP = 500;

const newToken = () => randomBytes(24).toString('base64url');
const urlOf = (token: string) => `/stay/${token}`;
const linkGone = () =>
  notFound('This link is no longer valid. Ask your group leader for the new one.');

/**
 * Attendees without accounts (docs/stays.md): the leader shares a link; whoever
 * has it gives a name and diet on a small public page, and learns only the
 * stay's name, dates and the house. Rotating the link ends the old one.
 */
export function createAttendees(deps: AttendeesDeps) {
  const { db } = deps;

  async function own(tx: Db, id: number, viewer: Viewer, adminsToo: boolean) {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, id));
    const allowed = r && (isOwnStay(r, viewer) || (adminsToo && isAdmin(viewer)));
    if (!r || !allowed) throw notFound('Reservation not found.');
    return r;
  }

  async function holdingOwn(tx: Db, id: number, viewer: Viewer) {
    const r = await own(tx, id, viewer, false);
    if (!(HOLDING as readonly string[]).includes(r.status))
      throw conflict('A cancelled or rejected stay takes no attendees.', 'not_holding');
    return r;
  }

  async function byToken(tx: Db, token: string) {
    const [row] = await tx
      .select({ r: reservations })
      .from(attendeeLinks)
      .innerJoin(reservations, eq(reservations.id, attendeeLinks.reservationId))
      .where(and(eq(attendeeLinks.token, token), inArray(reservations.status, [...HOLDING])));
    if (!row) throw linkGone();
    return row.r;
  }

  return {
    /** The stay's link, made on first ask. */
    async link(id: number, viewer: Viewer) {
      return inTransaction(db, async (tx) => {
        await holdingOwn(tx, id, viewer);
        const [existing] = await tx
          .select()
          .from(attendeeLinks)
          .where(eq(attendeeLinks.reservationId, id));
        if (existing) return { url: urlOf(existing.token) };
        const token = newToken();
        await tx
          .insert(attendeeLinks)
          .values({ reservationId: id, token, createdAt: deps.now() })
          .onConflictDoNothing();
        const [now] = await tx
          .select()
          .from(attendeeLinks)
          .where(eq(attendeeLinks.reservationId, id));
        return { url: urlOf(now!.token) };
      });
    },

    /** A new link; the old one answers 404 from now on. */
    async rotate(id: number, viewer: Viewer) {
      return inTransaction(db, async (tx) => {
        await holdingOwn(tx, id, viewer);
        const token = newToken();
        await tx
          .insert(attendeeLinks)
          .values({ reservationId: id, token, createdAt: deps.now() })
          .onConflictDoUpdate({
            target: attendeeLinks.reservationId,
            set: { token, createdAt: deps.now() },
          });
        return { url: urlOf(token) };
      });
    },

    /** All a stranger with the link learns. */
    async stay(token: string): Promise<AttendeeStay> {
      const r = await byToken(db, token);
      return {
        eventName: r.eventName,
        startDate: r.firstDay,
        endDate: r.lastDay,
        houseName: deps.houseName(),
      };
    },

    /** Adds an attendee, up to the house's maximum of guests (409 after). */
    async add(token: string, body: AttendeeBody) {
      return inTransaction(db, async (tx) => {
        const found = await byToken(tx, token);
        // One at a time per stay, so two at the last place cannot both get it.
        const row = await lockReservation(tx, found.id);
        if (!row) throw linkGone();
        const group = row.r.priceTerms ? row.r.priceTerms.group : deps.group();
        const maximum = group?.maximumGuests ?? MAX_WITHOUT_GROUP;
        const [counted] = await tx
          .select({ n: count() })
          .from(attendees)
          .where(eq(attendees.reservationId, found.id));
        if ((counted?.n ?? 0) >= maximum) {
          throw conflict(
            `This stay already has ${maximum} attendees, as many as the house takes. Ask your group leader.`,
            'attendees_full',
          );
        }
        await tx.insert(attendees).values({
          reservationId: found.id,
          name: body.name.trim(),
          diet: body.diet?.trim() ?? '',
          notes: body.notes?.trim() ?? '',
          createdAt: deps.now(),
        });
        return { message: 'Thank you: your group leader sees your name now.' };
      });
    },

    async list(id: number, viewer: Viewer): Promise<Attendee[]> {
      await own(db, id, viewer, true);
      return db
        .select({
          id: attendees.id,
          name: attendees.name,
          diet: attendees.diet,
          notes: attendees.notes,
        })
        .from(attendees)
        .where(eq(attendees.reservationId, id))
        .orderBy(asc(attendees.id));
    },

    async remove(id: number, attendeeId: number, viewer: Viewer) {
      await own(db, id, viewer, true);
      const deleted = await db
        .delete(attendees)
        .where(and(eq(attendees.id, attendeeId), eq(attendees.reservationId, id)))
        .returning({ id: attendees.id });
      if (deleted.length === 0) throw notFound('Attendee not found.');
    },
  };
}
