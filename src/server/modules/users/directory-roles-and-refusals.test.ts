// The administrator's changes of a user's role (docs/product.md), never
// leaving the house without an active administrator, and the changes refused.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  createUser,
  isAuthenticated,
  loggedInClient,
  memberWithAccount,
  userRow,
} from '../../testing/harness.js';
import { useUsersTestApp } from './users.testing.js';

const { t } = useUsersTestApp();

describe('PATCH /api/users/{id}: roles', () => {
  it('makes and unmakes an administrator', async () => {
    const { client: admin } = await adminClient(t);
    const { client: anna, user } = await memberWithAccount(t, 'anna');
    expect((await anna.get('/api/users')).statusCode).toBe(403);
    const promoted = await admin.patch(`/api/users/${user.id}`, { role: 'Administrator' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('Administrator');
    expect((await anna.get('/api/users')).statusCode).toBe(200);
    const demoted = await admin.patch(`/api/users/${user.id}`, { role: 'User' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('User');
    expect((await anna.get('/api/users')).statusCode).toBe(403);
  });

  it('lets an administrator step down while another active one remains', async () => {
    const { client: admin, user: me } = await adminClient(t);
    await createUser(t.db, { username: 'second', role: 'Administrator' });
    const res = await admin.patch(`/api/users/${me.id}`, { role: 'User' });
    expect(res.statusCode).toBe(200);
    expect((await admin.get('/api/users')).statusCode).toBe(403);
  });
});

describe('PATCH /api/users/{id}: the last active administrator', () => {
  it('refuses to unmake or deactivate the only active administrator, themself included (409 last_admin)', async () => {
    const { client: admin, user: me } = await adminClient(t);
    // An inactive administrator does not count.
    const retired = await createUser(t.db, {
      username: 'retired',
      role: 'Administrator',
      status: 'inactive',
    });
    for (const body of [{ role: 'User' }, { active: false }, { role: 'User', active: false }]) {
      const res = await admin.patch(`/api/users/${me.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().code).toBe('last_admin');
      expect(typeof res.json().message).toBe('string');
    }
    expect(await userRow(t, me.id)).toMatchObject({ role: 'Administrator', status: 'active' });
    expect(await isAuthenticated(admin)).toBe(true);
    // Once the retired one is back, the first may step down.
    expect((await admin.patch(`/api/users/${retired.id}`, { active: true })).statusCode).toBe(200);
    expect((await admin.patch(`/api/users/${me.id}`, { role: 'User' })).statusCode).toBe(200);
  });

  it('of two administrators demoting themselves at the same time, at most one succeeds', async () => {
    for (const body of [{ role: 'User' }, { active: false }]) {
      const { client: a, user: ua } = await loggedInClient(t, {
        username: `a_${String(body.active ?? 'role')}`,
        role: 'Administrator',
      });
      const { client: b, user: ub } = await loggedInClient(t, {
        username: `b_${String(body.active ?? 'role')}`,
        role: 'Administrator',
      });
      const results = await Promise.all([
        a.patch(`/api/users/${ua.id}`, body),
        b.patch(`/api/users/${ub.id}`, body),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, JSON.stringify(body)).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('last_admin');
      const active = await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'Administrator'), eq(users.status, 'active')));
      expect(active).toHaveLength(1);
      // Clean up for the next round: both are plain users again.
      await t.db.update(users).set({ role: 'User', status: 'active' });
    }
  });
});

describe('PATCH /api/users/{id}: what is refused', () => {
  it('answers 400 for an empty or missing body, unknown fields and wrong types, changing nothing', async () => {
    const { client: admin } = await adminClient(t);
    const { user, account } = await memberWithAccount(t, 'anna');
    const bodies: unknown[] = [
      undefined,
      {},
      { username: 'renamed' },
      { active: false, status: 'inactive' },
      { role: 'Superuser' },
      { role: null },
      { active: 'false' },
      { active: 1 },
      { accountId: null },
      { accountId: '1' },
      { accountId: 0 },
      { accountId: 1.5 },
      [],
      [{ active: false }],
    ];
    for (const body of bodies) {
      const res = await admin.patch(`/api/users/${user.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await userRow(t, user.id)).toMatchObject({
      accountId: account.id,
      role: 'User',
      status: 'active',
    });
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    const { client: admin } = await adminClient(t);
    const missing = await admin.patch('/api/users/999999', { role: 'User' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    for (const id of ['abc', '0', '-1', 'me'])
      expect((await admin.patch(`/api/users/${id}`, { role: 'User' })).statusCode, id).toBe(400);
  });

  it('answers 401 without a session and 403 admin_required to a member, changing nothing', async () => {
    await adminClient(t);
    const { client: anna, user } = await memberWithAccount(t, 'anna');
    const anonymous = await new TestClient(t.app).patch(`/api/users/${user.id}`, {
      role: 'Administrator',
    });
    expect(anonymous.statusCode).toBe(401);
    const self = await anna.patch(`/api/users/${user.id}`, { role: 'Administrator' });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('admin_required');
    expect((await userRow(t, user.id))!.role).toBe('User');
  });
});
