import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, not } from 'drizzle-orm';
import { addDays, todayIn } from '../../../shared/dates.js';
import type { ReservationStatus } from '../../../shared/reservations.js';
import type { Db } from '../../db/open.js';
import { accounts, calendarFeedTokens, closures, reservations, users } from '../../db/schema.js';
import { isAdmin } from '../../../shared/roles.js';
import { ownStays } from '../reservations/ownership.js';

interface Deps {
  db: Db;
  publicUrl: string;
  facilityTimezone: string;
  now: () => Date;
}

/** How far back the feeds reach: events that ended more than this many days ago are left out. */
export const FEED_PAST_DAYS = 365;

const HOLDING: ReservationStatus[] = ['pending', 'approved'];

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');

/** What every feed event carries: its days (first to last inclusive) and its change count. */
export interface FeedEntry {
  id: number;
  firstDay: string;
  lastDay: string;
  revision: number;
  updatedAt: Date;
}

/** A reservation shown with its name (the member's own ones, or every one to an administrator). */
export interface NamedReservation extends FeedEntry {
  eventName: string;
  eventDescription: string;
  status: ReservationStatus;
  username: string;
  accountName: string | null;
}

export interface FeedClosure extends FeedEntry {
  publicLabel: string | null;
}

/** A closure as the staff see it: with its reason. */
export interface StaffClosure extends FeedClosure {
  reason: string;
}

export interface PublicFeed {
  reserved: FeedEntry[];
  closures: FeedClosure[];
}

export type PersonalFeed =
  | {
      role: 'User';
      /** The member's own reservations, cancelled and rejected ones included. */
      own: NamedReservation[];
      /** Everyone else's holding reservations: days only. */
      others: FeedEntry[];
      closures: FeedClosure[];
    }
  | { role: 'Administrator'; reservations: NamedReservation[]; closures: StaffClosure[] };

const entryColumns = {
  id: reservations.id,
  firstDay: reservations.firstDay,
  lastDay: reservations.lastDay,
  revision: reservations.revision,
  updatedAt: reservations.updatedAt,
};

const namedColumns = {
  ...entryColumns,
  eventName: reservations.eventName,
  eventDescription: reservations.eventDescription,
  status: reservations.status,
  username: users.username,
  accountName: accounts.accountName,
};

/** The public columns of a closure: never its reason. */
const closureColumns = {
  id: closures.id,
  firstDay: closures.firstDay,
  lastDay: closures.lastDay,
  revision: closures.revision,
  updatedAt: closures.updatedAt,
  publicLabel: closures.publicLabel,
};

/**
 * The calendar feeds' data (docs/calendar.md): the public feed's held days and
 * closures, and each user's personal feed, reached by a secret token in its
 * address. Every feed reaches back FEED_PAST_DAYS days from the house's today.
 */
export function createCalendarFeedService(deps: Deps) {
  const { db } = deps;
  const since = () => addDays(todayIn(deps.facilityTimezone, deps.now()), -FEED_PAST_DAYS);
  const feedUrl = (token: string) => `${deps.publicUrl}/api/calendar/feed/${token}.ics`;

  const namedReservations = () =>
    db
      .select(namedColumns)
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .leftJoin(accounts, eq(accounts.id, reservations.accountId));

  const publicClosures = (from: string) =>
    db
      .select(closureColumns)
      .from(closures)
      .where(gte(closures.lastDay, from))
      .orderBy(asc(closures.firstDay), asc(closures.id));

  return {
    /** Holding reservations (days only) and closures (public label only). */
    async publicFeed(): Promise<PublicFeed> {
      const from = since();
      const [reserved, closed] = await Promise.all([
        db
          .select(entryColumns)
          .from(reservations)
          .where(and(inArray(reservations.status, HOLDING), gte(reservations.lastDay, from)))
          .orderBy(asc(reservations.firstDay), asc(reservations.id)),
        publicClosures(from),
      ]);
      return { reserved, closures: closed };
    },

    /** The address of the user's personal feed; its token is made on the first call and kept. */
    async feedUrl(userId: number): Promise<string> {
      await db
        .insert(calendarFeedTokens)
        .values({ userId, token: newToken() })
        .onConflictDoNothing({ target: calendarFeedTokens.userId });
      const [row] = await db
        .select({ token: calendarFeedTokens.token })
        .from(calendarFeedTokens)
        .where(eq(calendarFeedTokens.userId, userId));
      return feedUrl(row!.token);
    },

    /** A new token for the user: the old address answers 404 from now on. */
    async rotate(userId: number): Promise<string> {
      const token = newToken();
      await db
        .insert(calendarFeedTokens)
        .values({ userId, token })
        .onConflictDoUpdate({
          target: calendarFeedTokens.userId,
          set: { token, createdAt: deps.now() },
        });
      return feedUrl(token);
    },

    /** The feed a token opens, or null for an unknown token or a user who is not active. */
    async personalFeed(token: string): Promise<PersonalFeed | null> {
      if (!TOKEN.test(token)) return null;
      const [owner] = await db
        .select({
          id: users.id,
          role: users.role,
          status: users.status,
          accountId: users.accountId,
        })
        .from(calendarFeedTokens)
        .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
        .where(eq(calendarFeedTokens.token, token))
        .limit(1);
      if (!owner || owner.status !== 'active') return null;
      const from = since();
      const order = [asc(reservations.firstDay), asc(reservations.id)] as const;

      if (isAdmin(owner)) {
        const [all, closed] = await Promise.all([
          namedReservations()
            .where(gte(reservations.lastDay, from))
            .orderBy(...order),
          db
            .select({ ...closureColumns, reason: closures.reason })
            .from(closures)
            .where(gte(closures.lastDay, from))
            .orderBy(asc(closures.firstDay), asc(closures.id)),
        ]);
        return { role: 'Administrator', reservations: all, closures: closed };
      }

      // Their own stays: those of the church they belong to now (ownership.ts).
      const mine = ownStays(owner);
      const [own, others, closed] = await Promise.all([
        namedReservations()
          .where(and(mine, gte(reservations.lastDay, from)))
          .orderBy(...order),
        db
          .select(entryColumns)
          .from(reservations)
          .where(
            and(not(mine), inArray(reservations.status, HOLDING), gte(reservations.lastDay, from)),
          )
          .orderBy(...order),
        publicClosures(from),
      ]);
      return { role: 'User', own, others, closures: closed };
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
