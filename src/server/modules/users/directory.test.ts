import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { accountEvents, sessions, users } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  attemptLogin,
  createAccount,
  createUser,
  isAuthenticated,
  loggedInClient,
  memberWithAccount,
  reserveDays,
  useTestApp,
  userRow,
} from '../../testing/harness.js';

const t = useTestApp();

const DIRECTORY_KEYS = [
  'accountId',
  'accountName',
  'createdAt',
  'email',
  'id',
  'role',
  'status',
  'username',
];

const login = (username: string, password?: string) => attemptLogin(t, username, password);

const eventsOf = (accountId: number) =>
  t.db
    .select({
      kind: accountEvents.kind,
      summary: accountEvents.summary,
      userId: accountEvents.userId,
    })
    .from(accountEvents)
    .where(eq(accountEvents.accountId, accountId))
    .orderBy(accountEvents.id);

const names = (list: { username: string }[]) => list.map((u) => u.username);

describe('GET /api/users (admin)', () => {
  it('lists every user with status and church, ordered by username in any case', async () => {
    const { client: admin, user: adminUser } = await adminClient(t);
    const grace = await createAccount(t.db, 'Grace Chapel');
    const zoe = await createUser(t.db, {
      username: 'Zoe',
      email: 'zoe@example.org',
      accountId: grace.id,
    });
    const bert = await createUser(t.db, { username: 'bert', status: 'pending' });
    const carl = await createUser(t.db, {
      username: 'Carl',
      status: 'inactive',
      accountId: grace.id,
    });

    const res = await admin.get('/api/users');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(names(list)).toEqual(['admin', 'bert', 'Carl', 'Zoe']);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(DIRECTORY_KEYS);
    expect(list).toEqual([
      {
        id: adminUser.id,
        username: 'admin',
        email: null,
        role: 'Administrator',
        status: 'active',
        accountId: null,
        accountName: null,
        createdAt: adminUser.createdAt.toISOString(),
      },
      expect.objectContaining({ id: bert.id, status: 'pending', accountName: null }),
      expect.objectContaining({
        id: carl.id,
        status: 'inactive',
        accountId: grace.id,
        accountName: 'Grace Chapel',
      }),
      expect.objectContaining({
        id: zoe.id,
        role: 'User',
        status: 'active',
        email: 'zoe@example.org',
        accountName: 'Grace Chapel',
      }),
    ]);
    expect(res.body).not.toMatch(/argon2|passwordHash/i);
  });

  it('filters by status and church, and searches username, email and church name in any case', async () => {
    const { client: admin } = await adminClient(t);
    const grace = await createAccount(t.db, 'Grace Chapel');
    const hope = await createAccount(t.db, 'Hope 100% Parish');
    await createUser(t.db, { username: 'anna', email: 'anna@grace.org', accountId: grace.id });
    await createUser(t.db, { username: 'ben', status: 'inactive', accountId: grace.id });
    await createUser(t.db, { username: 'cleo', email: 'CLEO@mail.test', accountId: hope.id });
    await createUser(t.db, { username: 'dan_x', status: 'pending' });
    await createUser(t.db, { username: 'danax', status: 'pending' });

    const get = async (query: string) => {
      const res = await admin.get(`/api/users?${query}`);
      expect(res.statusCode, query).toBe(200);
      return names(res.json());
    };
    expect(await get('status=pending')).toEqual(['dan_x', 'danax']);
    expect(await get('status=inactive')).toEqual(['ben']);
    expect(await get('status=active')).toEqual(['admin', 'anna', 'cleo']);
    expect(await get(`accountId=${grace.id}`)).toEqual(['anna', 'ben']);
    expect(await get(`accountId=${grace.id}&status=active`)).toEqual(['anna']);
    expect(await get('accountId=999999')).toEqual([]);
    // Username, email and church name, whatever the case.
    expect(await get('q=ANN')).toEqual(['anna']);
    expect(await get('q=cleo%40MAIL')).toEqual(['cleo']);
    expect(await get('q=grace')).toEqual(['anna', 'ben']);
    expect(await get('q=%20%20chapel%20')).toEqual(['anna', 'ben']);
    expect(await get(`q=grace&status=inactive`)).toEqual(['ben']);
    expect(await get(`q=hope&accountId=${grace.id}`)).toEqual([]);
    // LIKE's wildcards are plain characters in a search.
    expect(await get('q=dan_')).toEqual(['dan_x']);
    expect(await get('q=100%25')).toEqual(['cleo']);
    expect(await get('q=%25')).toEqual(['cleo']);
    expect(await get('q=')).toHaveLength(6);
  });

  it('refuses a bad filter with 400', async () => {
    const { client: admin } = await adminClient(t);
    for (const query of [
      'status=approved',
      'accountId=abc',
      'accountId=0',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await admin.get(`/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('answers 401 without a session and 403 admin_required to a member', async () => {
    const { client: member } = await memberWithAccount(t, 'anna');
    expect((await new TestClient(t.app).get('/api/users')).statusCode).toBe(401);
    const res = await member.get('/api/users');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });

  it('leaves /api/users/pending as it was', async () => {
    const { client: admin } = await adminClient(t);
    const p = await createUser(t.db, { username: 'pete', status: 'pending' });
    await createUser(t.db, { username: 'ina', status: 'inactive' });
    expect((await admin.get('/api/users/pending')).json()).toEqual([
      { id: p.id, username: 'pete', email: null, createdAt: p.createdAt.toISOString() },
    ]);
  });
});

describe('PATCH /api/users/{id}: moving to another church', () => {
  it('moves the user, answers the directory shape, records both churches’ events, and moves their reservations along', async () => {
    const { client: admin, user: adminUser } = await adminClient(t);
    const { client: anna, user, account: from } = await memberWithAccount(t, 'anna');
    const to = await createAccount(t.db, 'Hope Parish');
    const stay = await reserveDays(t, anna);

    const res = await admin.patch(`/api/users/${user.id}`, { accountId: to.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(DIRECTORY_KEYS);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: 'anna',
      status: 'active',
      role: 'User',
      accountId: to.id,
      accountName: 'Hope Parish',
    });
    expect((await userRow(t, user.id))!.accountId).toBe(to.id);
    expect(await eventsOf(from.id)).toContainEqual({
      kind: 'member_left',
      summary: 'anna moved to Hope Parish',
      userId: adminUser.id,
    });
    expect(await eventsOf(to.id)).toEqual([
      {
        kind: 'member_joined',
        summary: `anna joined from ${from.accountName}`,
        userId: adminUser.id,
      },
    ]);

    // The reservation is the new church's now, in the admin list and its filter.
    const all = (await admin.get('/api/reservations')).json();
    expect(all).toEqual([
      expect.objectContaining({ id: stay.id, accountId: to.id, accountName: 'Hope Parish' }),
    ]);
    expect((await admin.get(`/api/reservations?accountId=${to.id}`)).json()).toHaveLength(1);
    expect((await admin.get(`/api/reservations?accountId=${from.id}`)).json()).toEqual([]);
    // The member stays logged in and sees their new church.
    expect((await anna.get('/api/auth/status')).json().user.accountId).toBe(to.id);
  });

  it('gives a user without a church one (only that church records it); the same church changes nothing', async () => {
    const { client: admin } = await adminClient(t);
    const church = await createAccount(t.db, 'Grace Chapel');
    const loner = await createUser(t.db, { username: 'loner' });
    const res = await admin.patch(`/api/users/${loner.id}`, { accountId: church.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().accountName).toBe('Grace Chapel');
    expect((await eventsOf(church.id)).map((e) => e.summary)).toEqual(['loner joined']);
    const again = await admin.patch(`/api/users/${loner.id}`, { accountId: church.id });
    expect(again.statusCode).toBe(200);
    expect(await eventsOf(church.id)).toHaveLength(1);
  });

  it('answers 404 account_not_found for an unknown church and changes nothing', async () => {
    const { client: admin } = await adminClient(t);
    const { user, account } = await memberWithAccount(t, 'anna');
    const res = await admin.patch(`/api/users/${user.id}`, {
      accountId: 999999,
      role: 'Administrator',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('account_not_found');
    expect(await userRow(t, user.id)).toMatchObject({ accountId: account.id, role: 'User' });
    expect(await eventsOf(account.id)).toEqual([]);
  });
});

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

describe('PATCH /api/users/{id}: deactivating and reactivating', () => {
  it('deactivating logs the user out at once, refuses their login with account_inactive, and records it', async () => {
    const { client: admin, user: adminUser } = await adminClient(t);
    const { client: anna, user, account } = await memberWithAccount(t, 'anna');
    const { client: annaPhone } = await login('anna');
    expect(await isAuthenticated(anna)).toBe(true);

    const res = await admin.patch(`/api/users/${user.id}`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, status: 'inactive', accountId: account.id });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    // Both of their sessions stop working with the very next request.
    for (const client of [anna, annaPhone]) {
      expect(await isAuthenticated(client)).toBe(false);
      expect((await client.get('/api/reservations/my-reservations')).statusCode).toBe(401);
    }
    const again = await login('anna');
    expect(again.res.statusCode).toBe(403);
    expect(again.res.json()).toEqual({
      message: messages.accountInactive,
      code: 'account_inactive',
    });
    // A wrong password still tells nothing about the user.
    expect((await login('anna', 'wrong-password')).res.statusCode).toBe(401);
    expect(await eventsOf(account.id)).toEqual([
      { kind: 'member_deactivated', summary: 'anna was deactivated', userId: adminUser.id },
    ]);
    expect(names((await admin.get('/api/users?status=inactive')).json())).toEqual(['anna']);
    // The admin's own session is untouched.
    expect(await isAuthenticated(admin)).toBe(true);
  });

  it('even a session made straight in the database stops working once the user is inactive', async () => {
    const { client: anna, user } = await memberWithAccount(t, 'anna');
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(await isAuthenticated(anna)).toBe(false);
  });

  it('reactivating lets the user log in again and records it; repeating either changes nothing', async () => {
    const { client: admin } = await adminClient(t);
    const { user, account } = await memberWithAccount(t, 'anna');
    expect((await admin.patch(`/api/users/${user.id}`, { active: false })).statusCode).toBe(200);
    expect((await admin.patch(`/api/users/${user.id}`, { active: false })).statusCode).toBe(200);
    const res = await admin.patch(`/api/users/${user.id}`, { active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('active');
    const { client, res: loginRes } = await login('anna');
    expect(loginRes.statusCode).toBe(200);
    expect(await isAuthenticated(client)).toBe(true);
    expect((await admin.patch(`/api/users/${user.id}`, { active: true })).statusCode).toBe(200);
    expect((await eventsOf(account.id)).map((e) => e.kind)).toEqual([
      'member_deactivated',
      'member_reactivated',
    ]);
  });

  it('moves and deactivates in one change: each church records its part', async () => {
    const { client: admin } = await adminClient(t);
    const { user, account: from } = await memberWithAccount(t, 'anna');
    const to = await createAccount(t.db, 'Hope Parish');
    const res = await admin.patch(`/api/users/${user.id}`, { accountId: to.id, active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'inactive', accountName: 'Hope Parish' });
    expect((await eventsOf(from.id)).map((e) => e.kind)).toEqual(['member_left']);
    expect((await eventsOf(to.id)).map((e) => e.kind)).toEqual([
      'member_joined',
      'member_deactivated',
    ]);
  });

  it('refuses to activate or deactivate a registration that waits for approval (409 registration_pending)', async () => {
    const { client: admin } = await adminClient(t);
    const church = await createAccount(t.db, 'Grace Chapel');
    const pete = await createUser(t.db, {
      username: 'pete',
      status: 'pending',
      accountId: church.id,
    });
    for (const active of [true, false]) {
      const res = await admin.patch(`/api/users/${pete.id}`, { active });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('registration_pending');
      expect(res.json().message).toMatch(/approv/i);
    }
    expect((await userRow(t, pete.id))!.status).toBe('pending');
    expect((await login('pete')).res.statusCode).toBe(403);
    expect(await eventsOf(church.id)).toEqual([]);
    // Approving is still the way in.
    expect((await admin.patch(`/api/users/${pete.id}/approve`)).statusCode).toBe(200);
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
