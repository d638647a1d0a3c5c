/**
 * The access-control matrix's rows for logging in and out, registering,
 * resetting a password, one's own user, and the administrators' users and churches.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, users } from '../db/schema.js';
import type { TestContext } from './harness.js';
import { DAILY_RATE_CENTS, PASSWORD, SECRETS_OF_A, USERNAMES } from './access-matrix-fixtures.js';
import {
  adminOnly,
  everyone,
  json,
  loggedIn,
  ownAccount,
  type Row,
} from './access-matrix-table.js';

export function accountRows(t: TestContext): Row[] {
  return [
    // --- auth: open to everyone ---
    {
      route: 'GET /api/auth/status',
      call: () => json('GET', '/api/auth/status'),
      expect: everyone(200),
      check: ({ actor, res, fx }) => {
        const body = res.json();
        const has = actor === 'memberA' || actor === 'memberB' || actor === 'admin';
        expect(body.authenticated).toBe(has);
        expect(body.user?.id ?? null).toBe(has ? fx.ids[actor as 'admin'] : null);
      },
    },
    {
      route: 'POST /api/auth/login',
      call: () => json('POST', '/api/auth/login', { username: USERNAMES.lena, password: PASSWORD }),
      expect: everyone(200),
      check: ({ res }) => expect(res.json().user.username).toBe(USERNAMES.lena),
    },
    {
      route: 'POST /api/auth/logout',
      call: () => json('POST', '/api/auth/logout'),
      expect: everyone(200),
      check: async ({ client }) =>
        expect((await client.get('/api/auth/status')).json().authenticated).toBe(false),
    },
    {
      route: 'POST /api/auth/register',
      call: () =>
        json('POST', '/api/auth/register', {
          username: 'newcomer',
          password: PASSWORD,
          email: 'newcomer@example.org',
        }),
      expect: everyone(201),
    },
    {
      route: 'POST /api/auth/forgot-password',
      call: () => json('POST', '/api/auth/forgot-password', { username: USERNAMES.lena }),
      expect: everyone(200),
    },
    {
      route: 'POST /api/auth/reset-password',
      variant: 'with the valid token of the link (the token is the permission)',
      call: (fx) =>
        json('POST', '/api/auth/reset-password', {
          token: fx.resetToken,
          username: USERNAMES.lena,
          newPassword: 'brand-new-secret',
        }),
      expect: everyone(200),
    },
    {
      route: 'POST /api/auth/reset-password',
      variant: 'with a made-up token',
      call: () =>
        json('POST', '/api/auth/reset-password', {
          token: 'made-up',
          username: USERNAMES.memberA,
          newPassword: 'brand-new-secret',
        }),
      expect: everyone(400),
    },

    // --- users ---
    {
      route: 'PUT /api/users/me/username',
      call: () => json('PUT', '/api/users/me/username', { newUsername: 'renamed_self' }),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res, fx }) => {
        if (res.statusCode === 200) expect(res.json().user.id).toBe(fx.ids[actor as 'admin']);
      },
    },
    {
      route: 'PUT /api/users/me/email',
      call: () => json('PUT', '/api/users/me/email', { email: 'new.address@example.org' }),
      expect: loggedIn(200, 200, 200),
      check: async ({ actor, res, fx }) => {
        if (res.statusCode !== 200) return;
        const [row] = await t.db
          .select()
          .from(users)
          .where(eq(users.id, fx.ids[actor as 'admin']));
        expect(row!.email).toBe('new.address@example.org');
      },
    },
    {
      route: 'PUT /api/users/me/password',
      call: () =>
        json('PUT', '/api/users/me/password', {
          currentPassword: PASSWORD,
          newPassword: 'another-secret',
        }),
      expect: loggedIn(200, 200, 200),
    },
    {
      route: 'GET /api/users/pending',
      call: () => json('GET', '/api/users/pending'),
      expect: adminOnly(200),
      check: ({ res, fx }) => {
        if (res.statusCode === 200) {
          expect(res.json().map((u: { id: number }) => u.id)).toEqual([fx.ids.pendingUser]);
        }
      },
    },
    {
      route: 'PUT /api/users/:id/assign-account',
      call: (fx) =>
        json('PUT', `/api/users/${fx.ids.pendingUser}/assign-account`, { accountId: fx.accountB }),
      expect: adminOnly(200),
      check: async ({ res, fx }) => {
        const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.pendingUser));
        expect(row!.accountId).toBe(res.statusCode === 200 ? fx.accountB : fx.accountA);
      },
    },
    {
      route: 'PATCH /api/users/:id/approve',
      call: (fx) => json('PATCH', `/api/users/${fx.ids.pendingUser}/approve`),
      expect: adminOnly(200),
      check: async ({ res, fx }) => {
        const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.pendingUser));
        expect(row!.status).toBe(res.statusCode === 200 ? 'active' : 'pending');
      },
    },
    {
      route: 'DELETE /api/users/:id/reject',
      call: (fx) => json('DELETE', `/api/users/${fx.ids.pendingUser}/reject`),
      expect: adminOnly(200),
      check: async ({ res, fx }) => {
        const rows = await t.db.select().from(users).where(eq(users.id, fx.ids.pendingUser));
        expect(rows).toHaveLength(res.statusCode === 200 ? 0 : 1);
      },
    },

    // --- the administrators' directory of users and churches ---
    {
      route: 'GET /api/users',
      variant: "?accountId=A: A's people",
      call: (fx) => json('GET', `/api/users?accountId=${fx.accountA}`),
      expect: adminOnly(200),
      check: ({ res, fx }) => {
        if (res.statusCode === 200)
          expect(res.json().map((u: { id: number }) => u.id)).toEqual([
            fx.ids.memberA,
            fx.ids.pendingUser,
          ]);
      },
    },
    {
      route: 'PATCH /api/users/:id',
      variant: 'deactivating member A: logged out, login refused',
      call: (fx) => json('PATCH', `/api/users/${fx.ids.memberA}`, { active: false }),
      expect: adminOnly(200),
      check: async ({ res, fx }) => {
        const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.memberA));
        expect(row!.status).toBe(res.statusCode === 200 ? 'inactive' : 'active');
      },
    },
    {
      route: 'PATCH /api/users/:id',
      variant: 'the only administrator stepping down',
      call: (fx) => json('PATCH', `/api/users/${fx.ids.admin}`, { role: 'User' }),
      expect: adminOnly(409),
      check: async ({ res, fx }) => {
        if (res.statusCode === 409) expect(res.json().code).toBe('last_admin');
        const [row] = await t.db.select().from(users).where(eq(users.id, fx.ids.admin));
        expect(row!.role).toBe('Administrator');
      },
    },
    {
      route: 'GET /api/accounts',
      call: () => json('GET', '/api/accounts'),
      expect: adminOnly(200),
      check: ({ res, fx }) => {
        if (res.statusCode !== 200) return;
        const a = res.json().find((x: { id: number }) => x.id === fx.accountA);
        expect(a).toEqual({
          id: fx.accountA,
          accountName: SECRETS_OF_A.accountName,
          members: 2,
          reservations: 3,
          // The ledger's money: the stay's payment, and the refused one whose refund failed.
          paidCents: 3 * DAILY_RATE_CENTS,
          documents: 2,
        });
      },
    },
    {
      route: 'GET /api/accounts/:id',
      variant: "A's page",
      call: (fx) => json('GET', `/api/accounts/${fx.accountA}`),
      expect: adminOnly(200),
      check: ({ res, fx }) => {
        if (res.statusCode !== 200) return;
        const body = res.json();
        expect(body.id).toBe(fx.accountA);
        expect([
          body.members.length,
          body.reservations.length,
          body.documents.length,
          body.payments.length,
        ]).toEqual([2, 3, 2, 2]);
      },
    },

    // --- accounts and the account profile ---
    {
      route: 'GET /api/account',
      call: () => json('GET', '/api/account'),
      expect: adminOnly(200),
    },
    {
      route: 'POST /api/account',
      call: () => json('POST', '/api/account', { accountName: 'New Parish' }),
      expect: adminOnly(201),
      check: async ({ res }) =>
        expect(await t.db.select().from(accounts)).toHaveLength(res.statusCode === 201 ? 3 : 2),
    },
    {
      route: 'GET /api/account/profile',
      variant: '?accountId=A: a member gets their own account, whatever they ask',
      call: (fx) => json('GET', `/api/account/profile?accountId=${fx.accountA}`),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res, fx }) => {
        if (res.statusCode !== 200) return;
        const body = res.json();
        expect(body.id).toBe(ownAccount(actor, fx));
        expect(body.accountName).toBe(
          actor === 'memberB' ? 'St. Beta Parish' : SECRETS_OF_A.accountName,
        );
      },
    },
    {
      route: 'PUT /api/account/profile',
      variant: '?accountId=A: a member changes their own account, never A',
      call: (fx) =>
        json('PUT', `/api/account/profile?accountId=${fx.accountA}`, {
          primaryContactFullName: 'Changed by the caller',
        }),
      expect: loggedIn(200, 200, 200),
      check: async ({ actor, res, fx }) => {
        if (res.statusCode === 200) expect(res.json().account.id).toBe(ownAccount(actor, fx));
        const [a] = await t.db.select().from(accounts).where(eq(accounts.id, fx.accountA));
        const aChanged = res.statusCode === 200 && actor !== 'memberB';
        expect(a!.primaryContactFullName).toBe(aChanged ? 'Changed by the caller' : null);
      },
    },
    {
      route: 'GET /api/account/history',
      variant: '?accountId=A',
      call: (fx) => json('GET', `/api/account/history?accountId=${fx.accountA}`),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res }) => {
        if (res.statusCode === 200) expect(res.json()).toHaveLength(actor === 'memberB' ? 0 : 1);
      },
    },
  ];
}
