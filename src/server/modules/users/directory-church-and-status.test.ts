// The administrator moving a user to another church and deactivating or
// reactivating them (docs/product.md), each change recorded in the churches'
// history.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { accountEvents, sessions, users } from '../../db/schema.js';
import {
  adminClient,
  createAccount,
  createUser,
  isAuthenticated,
  memberWithAccount,
  reserveDays,
  userRow,
} from '../../testing/harness.js';
import { DIRECTORY_KEYS, names, useUsersTestApp } from './users.testing.js';

const { t, login } = useUsersTestApp();

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

describe('PATCH /api/users/{id}: moving to another church', () => {
  it('moves the user, answers the directory shape, records both churches’ events, and leaves their reservations with the church that requested them', async () => {
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

    // The reservation stays with the church that requested it (docs/stays.md, "Whose stay").
    const all = (await admin.get('/api/reservations')).json();
    expect(all).toEqual([
      expect.objectContaining({ id: stay.id, accountId: from.id, accountName: from.accountName }),
    ]);
    expect((await admin.get(`/api/reservations?accountId=${from.id}`)).json()).toHaveLength(1);
    expect((await admin.get(`/api/reservations?accountId=${to.id}`)).json()).toEqual([]);
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
