// The house of the operations tests (docs/house-operations.md): the group
// house of the stay tests (minimum 12, full board, dinner on arrival and
// breakfast and lunch on departure), its two bedrooms, and churches whose
// stays are requested and approved through the API.
import { expect } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import {
  adminClient,
  memberWithAccount,
  useTestApp,
  type TestClient,
} from '../../testing/harness.js';
import { GROUP_PRICING, ROOMS, TZ } from '../stays/stays.testing.js';

export { TZ };

/** The group house whose kitchen serves dinner on arrival, breakfast and lunch on departure. */
export const KITCHEN_PRICING = {
  ...GROUP_PRICING,
  group: {
    ...GROUP_PRICING.group!,
    arrivalDayMeals: ['dinner' as const],
    departureDayMeals: ['breakfast' as const, 'lunch' as const],
  },
};

export function useOperationsHouse() {
  const t = useTestApp(
    { FACILITY_TIMEZONE: TZ, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    { pricing: KITCHEN_PRICING, rooms: ROOMS },
  );

  /** An administrator and two churches' leaders, one with a Korean name. */
  async function people() {
    const { client: admin } = await adminClient(t);
    const anna = await memberWithAccount(t, 'anna', 'anna@example.org', {
      accountName: 'Église Saint-Éloi',
    });
    const minjun = await memberWithAccount(t, 'minjun', 'minjun@example.org', {
      accountName: '서울 교회',
    });
    return { admin, anna: anna.client, minjun: minjun.client };
  }

  /** A stay from `first` to `last` for `guests` (null: not given), full board unless told. */
  async function stay(
    client: TestClient,
    first: string,
    last: string,
    o: { guests?: number | null; mealPlan?: string | null; name?: string } = {},
  ) {
    const res = await client.post('/api/reservations', {
      startTime: `${first}T00:00:00.000Z`,
      endTime: `${last}T23:59:59.999Z`,
      eventName: o.name ?? 'Youth retreat',
      eventDescription: 'A weekend away',
      guests: o.guests === undefined ? 20 : o.guests,
      mealPlan: o.mealPlan === undefined ? 'full-board' : o.mealPlan,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  async function setStatus(admin: TestClient, id: number, status: 'approved' | 'cancelled') {
    const res = await admin.patch(`/api/reservations/${id}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The day `offset` days from the house's today. */
  const day = (offset: number) => addDays(todayIn(TZ), offset);

  return { t, people, stay, setStatus, day };
}
