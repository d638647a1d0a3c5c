import { describe, expect, it } from 'vitest';
import {
  adminClient,
  loggedInClient,
  memberWithAccount,
  reserveDays,
  useTestApp,
} from '../../testing/harness.js';

const t = useTestApp();

describe('GET /api/reservations (admin): the church of each reservation', () => {
  it("gives every item its member's church (accountId, accountName; null without one) and filters by accountId", async () => {
    const { client: admin } = await adminClient(t);
    const { client: anna, user: annaUser, account: grace } = await memberWithAccount(t, 'anna');
    const { client: bob, account: hope } = await memberWithAccount(t, 'bob');
    const { client: loner } = await loggedInClient(t, { username: 'loner', accountId: null });
    const a1 = await reserveDays(t, anna, 10, 2, 'Anna one');
    const b1 = await reserveDays(t, bob, 20, 2, 'Bob one');
    const a2 = await reserveDays(t, anna, 30, 2, 'Anna two');
    const l1 = await reserveDays(t, loner, 40, 2, 'Loner');

    const res = await admin.get('/api/reservations');
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      (res.json() as { id: number; accountId: number | null; accountName: string | null }[]).map(
        (r) => [r.id, r],
      ),
    );
    expect(byId.get(a1.id)).toMatchObject({ accountId: grace.id, accountName: 'Church anna' });
    expect(byId.get(a2.id)).toMatchObject({ accountId: grace.id, accountName: 'Church anna' });
    expect(byId.get(b1.id)).toMatchObject({ accountId: hope.id, accountName: 'Church bob' });
    expect(byId.get(l1.id)).toMatchObject({ accountId: null, accountName: null });

    const ids = async (query: string) => {
      const r = await admin.get(`/api/reservations?${query}`);
      expect(r.statusCode, query).toBe(200);
      return (r.json() as { id: number }[]).map((x) => x.id);
    };
    expect(await ids(`accountId=${grace.id}`)).toEqual([a1.id, a2.id]);
    expect(await ids(`accountId=${hope.id}`)).toEqual([b1.id]);
    expect(await ids(`accountId=${grace.id}&userId=${annaUser.id}`)).toEqual([a1.id, a2.id]);
    expect(await ids(`accountId=${hope.id}&userId=${annaUser.id}`)).toEqual([]);
    expect(await ids(`accountId=${grace.id}&status=approved`)).toEqual([]);
    expect(await ids(`accountId=${grace.id}&from=${a2.first}`)).toEqual([a2.id]);
    expect(await ids('accountId=999999')).toEqual([]);
    for (const bad of ['abc', '0', '-1', '1.5'])
      expect((await admin.get(`/api/reservations?accountId=${bad}`)).statusCode, bad).toBe(400);
  });

  it("leaves the member's own lists without accountId, and the admin list to administrators", async () => {
    const { client: anna, account } = await memberWithAccount(t, 'anna');
    await reserveDays(t, anna);
    const mine = (await anna.get('/api/reservations/my-reservations')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).not.toHaveProperty('accountId');
    const res = await anna.get(`/api/reservations?accountId=${account.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });
});
