import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { addDays, monthBounds, todayIn } from '../../../shared/dates.js';
import {
  DEFAULT_CLOSURE_LABEL,
  type AdminClosure,
  type Closure,
} from '../../../shared/schemas/closures.js';
import type { Db } from '../../db/open.js';
import { accounts, closures, reservations, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound, sqlState } from '../../errors.js';

interface Deps {
  db: Db;
  facilityTimezone: string;
  now: () => Date;
}

type ClosureRow = typeof closures.$inferSelect;

const present = (c: ClosureRow): Closure => ({
  id: c.id,
  startDate: c.firstDay,
  endDate: c.lastDay,
  label: c.publicLabel ?? DEFAULT_CLOSURE_LABEL,
});

/** How long the staff's list looks back: a closure of last month is still worth seeing. */
const STAFF_LIST_DAYS_BACK = 90;

/**
 * Days the house is closed (docs/calendar.md). A closure holds its days like a
 * reservation: the `calendar_holds` exclusion constraint refuses a closure over
 * a holding reservation and a reservation over a closure, whichever comes first.
 */
export function createClosuresService({ db, facilityTimezone, now }: Deps) {
  /** The holding reservations over [first, last], to name them in a refusal. */
  async function reservationsOver(first: string, last: string) {
    return db
      .select({
        id: reservations.id,
        eventName: reservations.eventName,
        startDate: reservations.firstDay,
        endDate: reservations.lastDay,
        status: reservations.status,
        accountName: accounts.accountName,
      })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .leftJoin(accounts, eq(accounts.id, reservations.accountId))
      .where(
        and(
          inArray(reservations.status, ['pending', 'approved']),
          lte(reservations.firstDay, last),
          gte(reservations.lastDay, first),
        ),
      )
      .orderBy(asc(reservations.firstDay));
  }

  async function closuresOver(first: string, last: string) {
    return db
      .select()
      .from(closures)
      .where(and(lte(closures.firstDay, last), gte(closures.lastDay, first)))
      .orderBy(asc(closures.firstDay));
  }

  return {
    /** The closures of a month, as everyone may see them. */
    async month(year: number, month: number): Promise<Closure[]> {
      const { first, last } = monthBounds(year, month);
      return (await closuresOver(first, last)).map(present);
    },

    /** The staff's list: current and coming closures, and those of the last months. */
    async list(): Promise<AdminClosure[]> {
      const since = addDays(todayIn(facilityTimezone, now()), -STAFF_LIST_DAYS_BACK);
      const rows = await db
        .select({ closure: closures, createdBy: users.username })
        .from(closures)
        .leftJoin(users, eq(users.id, closures.createdBy))
        .where(gte(closures.lastDay, since))
        .orderBy(asc(closures.firstDay));
      return rows.map(({ closure, createdBy }) => ({
        ...present(closure),
        reason: closure.reason,
        publicLabel: closure.publicLabel,
        createdBy,
      }));
    },

    /**
     * Closes [startDate, endDate]. Refused with 409 when holding reservations or
     * another closure have any of the days; the answer names them.
     */
    async create(
      adminId: number,
      input: { startDate: string; endDate: string; reason: string; publicLabel: string | null },
    ): Promise<AdminClosure> {
      if (input.startDate < todayIn(facilityTimezone, now()))
        throw badRequest('Days in the past cannot be closed.', 'start_in_past');
      try {
        const row = await inTransaction(db, async (tx) => {
          const [inserted] = await tx
            .insert(closures)
            .values({
              firstDay: input.startDate,
              lastDay: input.endDate,
              reason: input.reason,
              publicLabel: input.publicLabel,
              createdBy: adminId,
            })
            .returning();
          return inserted!;
        });
        const [creator] = await db
          .select({ username: users.username })
          .from(users)
          .where(eq(users.id, adminId));
        return {
          ...present(row),
          reason: row.reason,
          publicLabel: row.publicLabel,
          createdBy: creator?.username ?? null,
        };
      } catch (err) {
        if (sqlState(err) !== '23P01') throw err;
        // The transaction is over: read what holds the days now, to name it.
        const [held, closed] = await Promise.all([
          reservationsOver(input.startDate, input.endDate),
          closuresOver(input.startDate, input.endDate),
        ]);
        if (held.length > 0) {
          const names = held
            .map((r) => `"${r.eventName}" (${r.startDate} to ${r.endDate})`)
            .join(', ');
          throw conflict(
            `These days cannot be closed: reservations hold some of them: ${names}. Cancel or move those reservations first.`,
            'closure_over_reservations',
            { reservations: held },
          );
        }
        throw conflict(
          `Some of these days are already closed${
            closed.length
              ? ` (${closed.map((c) => `${c.firstDay} to ${c.lastDay}`).join(', ')})`
              : ''
          }.`,
          'already_closed',
          { closures: closed.map(present) },
        );
      }
    },

    /** Opens the days of a closure again. */
    async remove(id: number): Promise<void> {
      const deleted = await inTransaction(db, (tx) =>
        tx.delete(closures).where(eq(closures.id, id)).returning({ id: closures.id }),
      );
      if (deleted.length === 0) throw notFound('Closure not found.');
    },
  };
}

export type ClosuresService = ReturnType<typeof createClosuresService>;
