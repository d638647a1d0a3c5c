/**
 * Sessions: the status a browser is given, logging in (and the session that
 * replaces any older one) and logging out.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { sessions } from '../../db/schema.js';
import { TestClient, createUser, loggedInClient } from '../../testing/harness.js';
import { sha256, status, useAuthTestApp } from './auth.testing.js';

const { t, login } = useAuthTestApp();

const USER_KEYS = ['accountId', 'createdAt', 'email', 'id', 'role', 'username'];

/** The answer's `user` has exactly the User shape of docs/architecture.md §4, and no trace of the password hash. */
function expectUserShape(res: LightMyRequestResponse) {
  const body = res.json();
  expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
  expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/i);
  return body;
}

/** A client that sends only the given session cookie (as a stolen or old cookie would be). */
function clientWithSid(sid: string) {
  const c = new TestClient(t.app);
  c.cookies.set('sid', sid);
  return c;
}

describe('GET /api/auth/status', () => {
  it('says unauthenticated with user null for a visitor', async () => {
    const res = await new TestClient(t.app).get('/api/auth/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, user: null });
  });

  it('answers the User shape of docs/architecture.md §4 and never the password hash', async () => {
    const { client, user } = await loggedInClient(t, {
      username: 'anna',
      email: 'anna@example.org',
    });
    const res = await client.get('/api/auth/status');
    const body = expectUserShape(res);
    expect(body.authenticated).toBe(true);
    expect(body.user).toEqual({
      id: user.id,
      username: 'anna',
      email: 'anna@example.org',
      role: 'User',
      accountId: null,
      createdAt: user.createdAt.toISOString(),
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
  });

  it('reports role Administrator for an administrator', async () => {
    const { client } = await loggedInClient(t, { username: 'boss', role: 'Administrator' });
    expect((await status(client)).user).toMatchObject({ username: 'boss', role: 'Administrator' });
  });
});

describe('POST /api/auth/login', () => {
  it('logs an active user in and reports the status', async () => {
    await createUser(t.db, { username: 'anna', password: 'secret123', email: 'anna@example.org' });
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/login', { username: 'anna', password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(c.cookies.get('sid')).toBeTruthy();
    const status = await c.get('/api/auth/status');
    expect(status.json()).toMatchObject({
      authenticated: true,
      user: { username: 'anna', role: 'User' },
    });
  });

  it('answers {message, user} without the password hash', async () => {
    const u = await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { res } = await login('anna', 'secret123');
    const body = expectUserShape(res);
    expect(typeof body.message).toBe('string');
    expect(body.user).toMatchObject({
      id: u.id,
      username: 'anna',
      email: 'anna@example.org',
      role: 'User',
    });
  });

  it('refuses a pending user with 403 and the approval message', async () => {
    await createUser(t.db, { username: 'pete', password: 'secret123', status: 'pending' });
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/login', { username: 'pete', password: 'secret123' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.pendingApproval);
    expect(c.cookies.has('sid')).toBe(false);
  });

  it('does not tell a stranger that a pending user exists: a wrong password is 401', async () => {
    await createUser(t.db, { username: 'pete', status: 'pending' });
    const { res } = await login('pete', 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.invalidCredentials);
  });

  it('answers 401 for a wrong password and the same 401 for an unknown user', async () => {
    await createUser(t.db, { username: 'anna' });
    const wrong = await login('anna', 'not-the-password');
    const unknown = await login('nobody', 'secret123');
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual({
      message: messages.invalidCredentials,
      code: 'invalid_credentials',
    });
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(wrong.client.cookies.has('sid')).toBe(false);
    expect(unknown.client.cookies.has('sid')).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('matches the username without regard to case or surrounding spaces', async () => {
    await createUser(t.db, { username: 'Anna' });
    for (const name of ['anna', 'ANNA', '  aNNa ']) {
      const { client, res } = await login(name, 'secret123');
      expect(res.statusCode, name).toBe(200);
      expect((await status(client)).user?.username).toBe('Anna');
    }
  });

  it('treats the password as case-sensitive', async () => {
    await createUser(t.db, { username: 'anna', password: 'Secret123' });
    expect((await login('anna', 'secret123')).res.statusCode).toBe(401);
  });

  it('answers 400 with a message when a field is missing', async () => {
    const c = new TestClient(t.app);
    for (const body of [
      {},
      { username: 'anna' },
      { password: 'secret123' },
      { username: '', password: 'x' },
    ]) {
      const res = await c.post('/api/auth/login', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('starts a new session on login: a pre-existing sid is replaced and stops working', async () => {
    const anna = await createUser(t.db, { username: 'anna' });
    const { client } = await login('anna', 'secret123');
    const first = client.cookies.get('sid')!;
    const again = await client.post('/api/auth/login', { username: 'anna', password: 'secret123' });
    expect(again.statusCode).toBe(200);
    const second = client.cookies.get('sid')!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await status(clientWithSid(first))).authenticated).toBe(false);
    expect((await status(client)).authenticated).toBe(true);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, anna.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(second)]);
  });

  it('ignores a session token planted before login (no fixation)', async () => {
    await createUser(t.db, { username: 'anna' });
    const c = clientWithSid('planted-by-an-attacker');
    const res = await c.post('/api/auth/login', { username: 'anna', password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(c.cookies.get('sid')).not.toBe('planted-by-an-attacker');
    expect((await status(clientWithSid('planted-by-an-attacker'))).authenticated).toBe(false);
  });

  it('logging in as another user on the same browser replaces the first session', async () => {
    await createUser(t.db, { username: 'anna' });
    await createUser(t.db, { username: 'bert' });
    const { client } = await login('anna', 'secret123');
    const annaSid = client.cookies.get('sid')!;
    await login('bert', 'secret123', client);
    expect((await status(client)).user?.username).toBe('bert');
    expect((await status(clientWithSid(annaSid))).authenticated).toBe(false);
  });
});

describe('POST /api/auth/logout', () => {
  it('deletes the session: the old cookie no longer authenticates', async () => {
    const { client, user } = await loggedInClient(t, { username: 'anna' });
    const sid = client.cookies.get('sid')!;
    const res = await client.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.loggedOutOk });
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared).toBeTruthy();
    expect(cleared!.value === '' || cleared!.maxAge === 0).toBe(true);
    expect(client.cookies.has('sid')).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await status(clientWithSid(sid))).authenticated).toBe(false);
    expect(
      (
        await clientWithSid(sid).put('/api/users/me/password', {
          currentPassword: 'secret123',
          newPassword: 'another1',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('ends only this session, not the same user on another device', async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    const { client: other } = await login('anna', 'secret123');
    await client.post('/api/auth/logout');
    expect((await status(other)).authenticated).toBe(true);
  });

  it('answers 200 for a visitor who is not logged in', async () => {
    const res = await new TestClient(t.app).post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.loggedOutOk });
  });
});
