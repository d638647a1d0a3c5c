import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates.js';
import type { Db } from '../../db/open.js';
import { closures, reservations } from '../../db/schema.js';

/** Each day of [from, to] ∩ [first, last], into `days`. */
function addSpan(days: Set<string>, from: string, to: string, first: string, last: string) {
  const start = from > first ? from : first;
  const end = to < last ? to : last;
  for (let d = start; d <= end; d = addDays(d, 1)) days.add(d);
}

/**
 * Why a request for [first, last] (with `turnoverDays` after it) was refused,
 * as dates only (docs/calendar.md): the days of the range that reservations,
 * their turnover days or closures hold, and the days after the range a
 * reservation holds while the new stay's turnover needs them free.
 */
export async function blockedDays(
  db: Db,
  first: string,
  last: string,
  turnoverDays: number,
): Promise<string[]> {
  const tailEnd = addDays(last, turnoverDays);
  const [held, closed] = await Promise.all([
    db
      .select({
        firstDay: reservations.firstDay,
        lastDay: reservations.lastDay,
        turnoverDays: reservations.turnoverDays,
      })
      .from(reservations)
      .where(
        and(
          inArray(reservations.status, ['pending', 'approved']),
          lte(reservations.firstDay, tailEnd),
          sql`${reservations.lastDay} + ${reservations.turnoverDays} >= ${first}::date`,
        ),
      ),
    db
      .select({ firstDay: closures.firstDay, lastDay: closures.lastDay })
      .from(closures)
      .where(and(lte(closures.firstDay, last), gte(closures.lastDay, first))),
  ]);
  const days = new Set<string>();
  for (const r of held) {
    addSpan(days, first, last, r.firstDay, addDays(r.lastDay, r.turnoverDays));
    if (turnoverDays > 0) addSpan(days, addDays(last, 1), tailEnd, r.firstDay, r.lastDay);
  }
  for (const c of closed) addSpan(days, first, last, c.firstDay, c.lastDay);
  return [...days].sort();
}
