// The server tests' reservation helpers: requests through the API, the
// member's view of one, and rows written straight into the table.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { reservations } from '../db/schema.js';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../shared/dates.js';
import type { TestClient } from './test-client.js';

/** Requests `length` days starting `offset` days after the house's today; expects 201. */
export async function reserveDays(
  ctx: { config: Pick<Config, 'facilityTimezone'> },
  client: TestClient,
  offset = 10,
  length = 3,
  eventName = 'Spring retreat',
) {
  const first = addDays(todayIn(ctx.config.facilityTimezone), offset);
  const last = addDays(first, length - 1);
  const res = await client.post('/api/reservations', {
    startTime: startTimeOf(first),
    endTime: endTimeOf(last),
    eventName,
    eventDescription: 'Youth group weekend',
  });
  if (res.statusCode !== 201) throw new Error(`reservation refused: ${res.statusCode} ${res.body}`);
  return {
    ...(res.json() as { id: number; paymentStatus: string; startTime: string; endTime: string }),
    first,
    last,
  };
}

/** One of the client's reservations as GET /api/reservations/my-reservations shows it. */
export interface MyReservation {
  id: number;
  status: string;
  paymentStatus: string;
  priceCents: number;
  currency: string;
  paidCents: number;
  refundedCents: number;
  accountName: string | null;
}

export const myReservation = async (client: TestClient, id: number) =>
  ((await client.get('/api/reservations/my-reservations')).json() as MyReservation[]).find(
    (r) => r.id === id,
  );

export const paymentStatusOf = async (client: TestClient, id: number) =>
  (await myReservation(client, id))?.paymentStatus;

/** The day `offset` days after today in a house's zone (the test apps use America/Chicago). */
export const dayFromToday = (offset: number, timeZone = 'America/Chicago') =>
  addDays(todayIn(timeZone), offset);

/** A reservation request's body for the days `from` to `to` after today (inclusive). */
export const requestBody = (from: number, to: number, timeZone = 'America/Chicago') => ({
  startTime: startTimeOf(dayFromToday(from, timeZone)),
  endTime: endTimeOf(dayFromToday(to, timeZone)),
  eventName: 'Choir weekend',
  eventDescription: 'Rehearsals',
});

/**
 * The church of a member now, as a value of a reservation row written straight
 * into the table: a request gives its stay its member's church (docs/stays.md).
 */
export const churchOf = (userId: number) =>
  sql<number | null>`(select u.account_id from users u where u.id = ${userId})`;

/** The year and month (1-12) of a day key, as the month queries take them. */
export const monthOfDay = (key: string) => ({
  year: Number(key.slice(0, 4)),
  month: Number(key.slice(5, 7)),
});

/**
 * Writes a reservation straight into the table, past the API's checks, so that
 * only the database's own constraints judge it; the stay is its member's
 * church's, as a request makes it (`churchOf`).
 */
export function insertReservationRow(
  db: Db,
  row: Pick<typeof reservations.$inferInsert, 'userId' | 'firstDay' | 'lastDay'> &
    Partial<typeof reservations.$inferInsert>,
) {
  return db
    .insert(reservations)
    .values({ eventName: 'a', eventDescription: 'b', accountId: churchOf(row.userId), ...row })
    .returning();
}

/** Expects the database itself to refuse a reservation row over held days (exclusion, 23P01). */
export async function expectHeldDaysRefused(
  db: Db,
  row: Parameters<typeof insertReservationRow>[1],
) {
  await expect(insertReservationRow(db, row)).rejects.toMatchObject({ cause: { code: '23P01' } });
}
