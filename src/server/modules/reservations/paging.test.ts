import { describe, expect, it } from 'vitest';
import {
  adminClient,
  memberWithAccount,
  reserveDays,
  useTestApp,
  type TestClient,
} from '../../testing/harness.js';
import { addDays, todayIn } from '../../../shared/dates.js';

const t = useTestApp();

type Row = { id: number; eventName: string; status: string };
const ids = (rows: Row[]) => rows.map((r) => r.id);

const setStatus = async (admin: TestClient, id: number, status: string) => {
  const res = await admin.patch(`/api/reservations/${id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
};

/**
 * Anna (Grace): 10 pending, 20 approved, 30 rejected, 40 cancelled, and 10
 * again (the first one's day was freed, so two share a first day: ties go by
 * id). Bob (Hope): 50 pending.
 */
async function world() {
  const { client: admin } = await adminClient(t);
  const anna = await memberWithAccount(t, 'anna');
  const bob = await memberWithAccount(t, 'bob');
  const r10 = await reserveDays(t, anna.client, 10, 1, 'A10');
  const r20 = await reserveDays(t, anna.client, 20, 1, 'A20');
  const r30 = await reserveDays(t, anna.client, 30, 1, 'A30');
  const r40 = await reserveDays(t, anna.client, 40, 1, 'A40');
  const b50 = await reserveDays(t, bob.client, 50, 1, 'B50');
  await setStatus(admin, r10.id, 'rejected');
  const r10b = await reserveDays(t, anna.client, 10, 1, 'A10 again');
  await setStatus(admin, r20.id, 'approved');
  await setStatus(admin, r40.id, 'cancelled');
  // r30 rejected and r10 rejected; r10b pending.
  await setStatus(admin, r30.id, 'rejected');
  return { admin, anna, bob, r10, r10b, r20, r30, r40, b50 };
}

describe('GET /api/reservations (admin): paging, counts and members', () => {
  it('answers every item without limit (no header), and pages by first day then id with X-Total-Count', async () => {
    const w = await world();
    const all = await w.admin.get('/api/reservations');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBeUndefined();
    const order = [w.r10.id, w.r10b.id, w.r20.id, w.r30.id, w.r40.id, w.b50.id];
    expect(ids(all.json())).toEqual(order);

    const pages: number[] = [];
    for (let offset = 0; offset < 6; offset += 4) {
      const page = await w.admin.get(`/api/reservations?limit=4&offset=${offset}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-total-count']).toBe('6');
      pages.push(...ids(page.json()));
    }
    expect(pages).toEqual(order);
    const past = await w.admin.get('/api/reservations?limit=4&offset=100');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('6');
    // offset alone defaults the page to the start; limit alone starts at 0.
    expect(ids((await w.admin.get('/api/reservations?limit=2')).json())).toEqual(order.slice(0, 2));
  });

  it('filters by one status or several (a tab), with the total of the filter', async () => {
    const w = await world();
    const active = await w.admin.get('/api/reservations?status=pending,approved&limit=2');
    expect(active.headers['x-total-count']).toBe('3');
    expect(ids(active.json())).toEqual([w.r10b.id, w.r20.id]);
    const rest = await w.admin.get('/api/reservations?status=pending,approved&limit=2&offset=2');
    expect(ids(rest.json())).toEqual([w.b50.id]);
    const rejected = await w.admin.get(
      `/api/reservations?status=rejected&accountId=${w.anna.account.id}&limit=10`,
    );
    expect(rejected.headers['x-total-count']).toBe('2');
    expect(ids(rejected.json())).toEqual([w.r10.id, w.r30.id]);
    const ofBob = await w.admin.get(`/api/reservations?userId=${w.bob.user.id}&limit=1`);
    expect(ofBob.headers['x-total-count']).toBe('1');
  });

  it('counts each status in the database, with the filters but the status', async () => {
    const w = await world();
    const all = await w.admin.get('/api/reservations/counts');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ pending: 2, approved: 1, rejected: 2, cancelled: 1 });
    const grace = await w.admin.get(`/api/reservations/counts?accountId=${w.anna.account.id}`);
    expect(grace.json()).toEqual({ pending: 1, approved: 1, rejected: 2, cancelled: 1 });
    const bob = await w.admin.get(`/api/reservations/counts?userId=${w.bob.user.id}`);
    expect(bob.json()).toEqual({ pending: 1, approved: 0, rejected: 0, cancelled: 0 });
    // After an action the counts follow.
    await setStatus(w.admin, w.b50.id, 'approved');
    expect((await w.admin.get('/api/reservations/counts')).json()).toEqual({
      pending: 1,
      approved: 2,
      rejected: 2,
      cancelled: 1,
    });
    expect((await w.anna.client.get('/api/reservations/counts')).statusCode).toBe(403);
  });

  it('lists the members who have a reservation, of one church too', async () => {
    const w = await world();
    await memberWithAccount(t, 'carl');
    const all = await w.admin.get('/api/reservations/members');
    expect(all.json()).toEqual([
      { id: w.anna.user.id, username: 'anna' },
      { id: w.bob.user.id, username: 'bob' },
    ]);
    const hope = await w.admin.get(`/api/reservations/members?accountId=${w.bob.account.id}`);
    expect(hope.json()).toEqual([{ id: w.bob.user.id, username: 'bob' }]);
    expect((await w.anna.client.get('/api/reservations/members')).statusCode).toBe(403);
  });

  it('answers 400 {message, code} for a bad limit, offset or status, and nothing else', async () => {
    const w = await world();
    for (const bad of [
      'limit=0',
      'limit=-1',
      'limit=1.5',
      'limit=abc',
      'limit=501',
      'offset=-1',
      'offset=0.5',
      'offset=x',
      'offset=10000001',
      'status=pending,',
      'status=holding',
    ]) {
      const res = await w.admin.get(`/api/reservations?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
      });
      expect(res.headers['x-total-count'], bad).toBeUndefined();
    }
    expect((await w.admin.get('/api/reservations?limit=500&offset=0')).statusCode).toBe(200);
  });
});

describe('GET /api/reservations/my-reservations: paging and counts', () => {
  it('pages my own reservations, filters by tab and counts mine per status', async () => {
    const w = await world();
    const me = w.anna.client;
    const all = await me.get('/api/reservations/my-reservations');
    expect(all.headers['x-total-count']).toBeUndefined();
    const order = [w.r10.id, w.r10b.id, w.r20.id, w.r30.id, w.r40.id];
    expect(ids(all.json())).toEqual(order);

    const first = await me.get('/api/reservations/my-reservations?limit=2');
    expect(first.headers['x-total-count']).toBe('5');
    expect(ids(first.json())).toEqual(order.slice(0, 2));
    const last = await me.get('/api/reservations/my-reservations?limit=2&offset=4');
    expect(ids(last.json())).toEqual(order.slice(4));

    const active = await me.get(
      '/api/reservations/my-reservations?status=pending,approved&limit=1',
    );
    expect(active.headers['x-total-count']).toBe('2');
    expect(ids(active.json())).toEqual([w.r10b.id]);

    expect((await me.get('/api/reservations/my-reservations/counts')).json()).toEqual({
      pending: 1,
      approved: 1,
      rejected: 2,
      cancelled: 1,
    });
    expect((await w.bob.client.get('/api/reservations/my-reservations/counts')).json()).toEqual({
      pending: 1,
      approved: 0,
      rejected: 0,
      cancelled: 0,
    });
    const bobs = await w.bob.client.get('/api/reservations/my-reservations?limit=10');
    expect(bobs.headers['x-total-count']).toBe('1');
    expect(ids(bobs.json())).toEqual([w.b50.id]);
  });

  it('answers the stays that ended before a day, the latest first, paged (the past stays)', async () => {
    const w = await world();
    const me = w.anna.client;
    // Days 10 and 20 ahead end before day 25; 30 and 40 do not.
    const day25 = addDays(todayIn(t.config.facilityTimezone), 25);
    const newest = [w.r20.id, w.r10b.id, w.r10.id];
    const past = await me.get(
      `/api/reservations/my-reservations?endedBefore=${day25}&order=newest&limit=2`,
    );
    expect(past.statusCode, past.body).toBe(200);
    expect(past.headers['x-total-count']).toBe('3');
    expect(ids(past.json())).toEqual(newest.slice(0, 2));
    const rest = await me.get(
      `/api/reservations/my-reservations?endedBefore=${day25}&order=newest&limit=2&offset=2`,
    );
    expect(ids(rest.json())).toEqual(newest.slice(2));
    // The day itself is not before it: a stay ending on day 20 is not past on day 20.
    const day20 = addDays(todayIn(t.config.facilityTimezone), 20);
    const onDay20 = await me.get(`/api/reservations/my-reservations?endedBefore=${day20}`);
    expect(ids(onDay20.json())).toEqual([w.r10.id, w.r10b.id]);
    // Bob's are his own.
    const bobs = await w.bob.client.get(`/api/reservations/my-reservations?endedBefore=${day25}`);
    expect(bobs.json()).toEqual([]);
  });

  it('answers the reservations to pay, and named ones, of my own only', async () => {
    const w = await world();
    const me = w.anna.client;
    // r10b pending and r20 approved hold their days; both are unpaid.
    const toPay = await me.get(
      '/api/reservations/my-reservations?status=pending,approved&paymentStatus=unpaid',
    );
    expect(toPay.statusCode, toPay.body).toBe(200);
    expect(ids(toPay.json())).toEqual([w.r10b.id, w.r20.id]);
    expect((await me.get('/api/reservations/my-reservations?paymentStatus=paid')).json()).toEqual(
      [],
    );
    const named = await me.get(
      `/api/reservations/my-reservations?ids=${w.r40.id},${w.r10.id},${w.b50.id}`,
    );
    // Bob's b50 is not Anna's: it is not answered.
    expect(ids(named.json())).toEqual([w.r10.id, w.r40.id]);
    // The staff name any reservations (a stay's page asks for its one).
    const staff = await w.admin.get(`/api/reservations?ids=${w.b50.id},${w.r10.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(ids(staff.json())).toEqual([w.r10.id, w.b50.id]);
    expect((await w.admin.get('/api/reservations?ids=0')).statusCode).toBe(400);
  });

  it('answers 400 {message, code} for a bad limit, offset, day or order', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    for (const bad of [
      'endedBefore=2027-02-30',
      'endedBefore=tomorrow',
      'order=oldest',
      'paymentStatus=owing',
      'ids=1,,2',
      'ids=0',
      'ids=abc',
      'ids=99999999999',
      `ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`,
      'limit=0',
      'limit=-2',
      'limit=2.5',
      'limit=501',
      'offset=-1',
      'offset=1.5',
    ]) {
      const res = await client.get(`/api/reservations/my-reservations?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
      });
    }
  });
});
