// The group-stay tests' house (docs/money.md, "Group pricing"): per-person
// rates with a minimum of 12, full board, a 25 % non-refundable deposit, the
// balance due 14 days and the final count 10 days before arrival, and a
// facility agreement; a clock the tests move.
import { beforeEach, expect } from 'vitest';
import { addDays, daysBetween, todayIn } from '../../../shared/dates.js';
import { GROUP_PRICING } from '../../../shared/group-pricing.testing.js';
import {
  adminClient,
  memberWithAccount,
  useTestApp,
  type TestClient,
} from '../../testing/harness.js';

export const TZ = 'America/Chicago';
const DAY_MS = 86_400_000;

export { GROUP_PRICING };

export const AGREEMENT = {
  version: '2027-1',
  title: 'Facility agreement',
  paragraphs: ['The group looks after the house.', 'A deposit of a quarter confirms the dates.'],
};

/** The bedrooms of the group-stay tests: 2 + 3 beds. */
export const ROOMS = [
  { id: 'cedar', name: 'Cedar Room', beds: 2 },
  { id: 'oak', name: 'Oak Room', beds: 3 },
];

/**
 * The leader saves the questionnaire with `finalGuests` and sends it: the
 * count the house then holds (a draft alone binds nothing). Answers the send.
 */
export async function sendFinalCount(
  client: TestClient,
  id: number,
  finalGuests: number,
  answers: Record<string, unknown> = {},
) {
  const url = `/api/reservations/${id}/questionnaire`;
  const saved = await client.put(url, { ...answers, finalGuests });
  if (saved.statusCode !== 200) return saved;
  return client.post(`${url}/submit`);
}

/** The house of the group-stay tests, with its clock (real time moved by whole days). */
export function useGroupHouse(env: Record<string, string> = {}, pricing = GROUP_PRICING) {
  let shiftDays = 0;
  const now = () => new Date(Date.now() + shiftDays * DAY_MS);
  const t = useTestApp(
    { FACILITY_TIMEZONE: TZ, AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env },
    { pricing, agreement: AGREEMENT, now, rooms: ROOMS },
  );
  beforeEach(() => {
    shiftDays = 0;
  });

  /** Moves the clock so that the house's today is `days` whole days before `firstDay`. */
  function setDaysBefore(firstDay: string, days: number) {
    shiftDays = daysBetween(todayIn(TZ), firstDay) - days;
    expect(daysBetween(todayIn(TZ, now()), firstDay)).toBe(days);
  }

  /** anna's request of `nights` nights from `offset` days ahead, for `guests` with full board. */
  async function request(
    o: { offset?: number; nights?: number; guests?: number | null; mealPlan?: string | null } = {},
  ) {
    const { client, user, account } = await memberWithAccount(t, 'anna', 'anna@example.org', {
      accountName: 'Église Saint-Éloi',
    });
    const first = addDays(todayIn(TZ), o.offset ?? 60);
    const last = addDays(first, o.nights ?? 2);
    const res = await client.post('/api/reservations', {
      startTime: `${first}T00:00:00.000Z`,
      endTime: `${last}T23:59:59.999Z`,
      eventName: 'Youth retreat',
      eventDescription: 'A weekend away',
      guests: o.guests === undefined ? 20 : o.guests,
      mealPlan: o.mealPlan === undefined ? 'full-board' : o.mealPlan,
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      client,
      user,
      account,
      first,
      last,
      reservation: res.json() as Record<string, unknown> & { id: number },
    };
  }

  /** The admin approves; the leader accepts the agreement. */
  async function approvedAndAgreed(client: TestClient, id: number) {
    const { client: admin } = await adminClient(t);
    expect(
      (await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    const accepted = await client.post(`/api/reservations/${id}/agreement`, {
      fullName: 'Anna Lindqvist',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    return admin;
  }

  const mine = async (client: TestClient, id: number) =>
    (
      (await client.get('/api/reservations/my-reservations')).json() as Record<string, unknown>[]
    ).find((r) => r.id === id)!;

  /** The admin approves, without the agreement. */
  async function approved(id: number) {
    const { client: admin } = await adminClient(t);
    const res = await admin.patch(`/api/reservations/${id}/status`, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    return admin;
  }

  return {
    t,
    sendFinalCount,
    setDaysBefore,
    request,
    approved,
    approvedAndAgreed,
    mine,
    shift: (d: number) => (shiftDays += d),
  };
}
