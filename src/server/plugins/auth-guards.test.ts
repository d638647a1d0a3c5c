import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import {
  TestClient,
  adminClient,
  createAccount,
  createUser,
  loggedInClient,
  useTestApp,
} from '../testing/harness.js';

const t = useTestApp();

type Route = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown];

const ADMIN_ROUTES: Route[] = [
  ['GET', '/api/users/pending'],
  ['PUT', '/api/users/{pending}/assign-account', { accountId: '{account}' }],
  ['PATCH', '/api/users/{pending}/approve'],
  ['DELETE', '/api/users/{pending}/reject'],
  ['GET', '/api/account'],
  ['POST', '/api/account', { accountName: 'New Parish' }],
];

const MEMBER_ROUTES: Route[] = [
  ['PUT', '/api/users/me/username', { newUsername: 'hanna' }],
  ['PUT', '/api/users/me/password', { currentPassword: 'secret123', newPassword: 'secret456' }],
];

/** A pending user in an account, so that every admin call would succeed for an administrator. */
async function seed() {
  const account = await createAccount(t.db, 'St. Mark');
  const pending = await createUser(t.db, {
    username: 'pete',
    status: 'pending',
    accountId: account.id,
  });
  const fill = (s: string) =>
    s.replace('{pending}', String(pending.id)).replace('{account}', String(account.id));
  const resolve = ([method, url, body]: Route): Route => [
    method,
    fill(url),
    body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body))),
  ];
  return { account, pending, resolve };
}

function send(c: TestClient, [method, url, body]: Route, override?: unknown) {
  const payload = override !== undefined ? override : body;
  return c.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('a visitor who is not logged in', () => {
  it.each([...MEMBER_ROUTES, ...ADMIN_ROUTES])('gets 401 from %s %s', async (...route) => {
    const { resolve } = await seed();
    const res = await send(new TestClient(t.app), resolve(route));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.notAuthenticated, code: 'unauthenticated' });
  });

  it.each([...MEMBER_ROUTES, ...ADMIN_ROUTES].filter((r) => r[0] !== 'GET'))(
    'gets 401 from %s %s even with an invalid body',
    async (...route) => {
      const { resolve } = await seed();
      const res = await send(new TestClient(t.app), resolve(route), {});
      expect(res.statusCode).toBe(401);
    },
  );

  it('changes nothing', async () => {
    const { pending, resolve } = await seed();
    for (const route of ADMIN_ROUTES) await send(new TestClient(t.app), resolve(route));
    const res = (await adminClient(t)).client;
    const list = (await res.get('/api/users/pending')).json();
    expect(list.map((u: { id: number }) => u.id)).toEqual([pending.id]);
    expect((await res.get('/api/account')).json()).toHaveLength(1);
  });
});

describe('a member (role User)', () => {
  it('gets 403 with the admin message from every admin route, and nothing changes', async () => {
    const { pending, resolve } = await seed();
    const { client } = await loggedInClient(t, { username: 'member' });
    for (const route of ADMIN_ROUTES) {
      const res = await send(client, resolve(route));
      expect(res.statusCode, `${route[0]} ${route[1]}`).toBe(403);
      expect(res.json()).toEqual({ message: messages.adminRequired, code: 'admin_required' });
    }
    // The same with invalid ids and bodies: the role is checked first.
    for (const [method, url] of ADMIN_ROUTES) {
      const res = await send(
        client,
        [method, url.replace('{pending}', 'abc')],
        method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${method} ${url} (invalid input)`).toBe(403);
    }
    const { client: admin } = await adminClient(t);
    expect((await admin.get('/api/users/pending')).json().map((u: { id: number }) => u.id)).toEqual(
      [pending.id],
    );
    expect((await admin.get('/api/account')).json()).toHaveLength(1);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('stays logged in after a 403', async () => {
    const { client } = await loggedInClient(t, { username: 'member' });
    expect((await client.get('/api/users/pending')).statusCode).toBe(403);
    expect((await client.get('/api/auth/status')).json().authenticated).toBe(true);
  });

  it('may use the member routes', async () => {
    const { client } = await loggedInClient(t, { username: 'member' });
    for (const route of MEMBER_ROUTES) {
      expect((await send(client, route)).statusCode, route[1]).toBe(200);
    }
  });
});

describe('an administrator', () => {
  it('may use every admin route', async () => {
    const { resolve } = await seed();
    const { client } = await adminClient(t);
    const expected: Record<string, number> = { POST: 201 };
    // Reject last: it deletes the pending user the other calls work on.
    const order = [
      ...ADMIN_ROUTES.filter((r) => r[0] !== 'DELETE'),
      ...ADMIN_ROUTES.filter((r) => r[0] === 'DELETE'),
    ];
    for (const route of order) {
      const r = resolve(route);
      // Approving twice would conflict; approve a second pending user for the reject call.
      if (r[0] === 'DELETE') {
        const other = await createUser(t.db, { username: 'other', status: 'pending' });
        r[1] = `/api/users/${other.id}/reject`;
      }
      const res = await send(client, r);
      expect(res.statusCode, `${r[0]} ${r[1]}: ${res.body}`).toBe(expected[r[0]] ?? 200);
    }
  });
});
