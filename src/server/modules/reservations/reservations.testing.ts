/**
 * What the reservation route tests share: an app in the house's time zone, and
 * requests for days counted from the house's today.
 */
import { expect } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../../shared/dates.js';
import { useTestApp, type TestClient } from '../../testing/harness.js';

/** One app for the file, its house in America/Chicago like the days below. */
export const useReservationsTestApp = () => useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

/** The house's today. */
export const today = () => todayIn('America/Chicago');
/** A range starting `offset` days from today, `length` days long. */
export function range(offset: number, length = 1) {
  const first = addDays(today(), offset);
  return { startTime: startTimeOf(first), endTime: endTimeOf(addDays(first, length - 1)) };
}

/** A request's body for those days. */
export const body = (offset: number, length = 1, extra: Record<string, unknown> = {}) => ({
  ...range(offset, length),
  eventName: 'Spring retreat',
  eventDescription: 'Youth group weekend',
  additionalInfo: 'Vegetarian meals',
  ...extra,
});

/** Requests those days as `client`; expects 201. */
export async function create(
  client: TestClient,
  offset: number,
  length = 1,
  extra: Record<string, unknown> = {},
) {
  const res = await client.post('/api/reservations', body(offset, length, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; startTime: string; endTime: string };
}
