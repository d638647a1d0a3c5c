import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { buildApp } from '../app.js';
import { sessions, users } from '../db/schema.js';
import {
  TestClient,
  createUser,
  loggedInClient,
  testConfig,
  useTestApp,
} from '../testing/harness.js';

const t = useTestApp();

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const DAY = 24 * 3600 * 1000;

interface Cookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  expires?: Date;
}
const cookieOf = (res: { cookies: unknown }, name: string) =>
  (res.cookies as Cookie[]).find((c) => c.name === name);

function clientWithSid(sid: string) {
  const c = new TestClient(t.app);
  c.cookies.set('sid', sid);
  return c;
}

async function authenticated(c: TestClient) {
  return (await c.get('/api/auth/status')).json().authenticated as boolean;
}

async function loginResponse(username = 'anna') {
  await createUser(t.db, { username });
  const c = new TestClient(t.app);
  const res = await c.post('/api/auth/login', { username, password: 'secret123' });
  expect(res.statusCode).toBe(200);
  return { c, res, sid: c.cookies.get('sid')! };
}

describe('the sid cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and lasts about two weeks', async () => {
    const { res } = await loginResponse();
    const sid = cookieOf(res, 'sid')!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.sameSite).toBe('Lax');
    expect(sid.path).toBe('/');
    expect(sid.secure ?? false).toBe(false);
    const days = (sid.expires!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(13);
    expect(days).toBeLessThanOrEqual(14.01);
  });

  it('is an opaque random token, different on every login', async () => {
    const { sid } = await loginResponse();
    const again = await new TestClient(t.app).post('/api/auth/login', {
      username: 'anna',
      password: 'secret123',
    });
    const sid2 = cookieOf(again, 'sid')!.value;
    expect(sid.length).toBeGreaterThanOrEqual(32);
    expect(sid2).not.toBe(sid);
    expect(sid).not.toContain('anna');
  });

  it('is Secure, like the CSRF cookie, when served in production over https', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PUBLIC_URL: 'https://site.test',
    });
    const app = await buildApp({ config, database: t.database, mailer: t.mailer, logger: false });
    try {
      await createUser(t.db, { username: 'anna' });
      const c = new TestClient(app);
      const status = await c.get('/api/auth/status');
      expect(cookieOf(status, 'XSRF-TOKEN')!.secure).toBe(true);
      const res = await c.post('/api/auth/login', { username: 'anna', password: 'secret123' });
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res, 'sid')!.secure).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('session storage', () => {
  it('stores only the SHA-256 hash of the token', async () => {
    const { sid } = await loginResponse();
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(sid));
    expect(rows.some((r) => r.tokenHash.includes(sid))).toBe(false);
  });

  it('a cookie equal to a stored hash does not authenticate', async () => {
    const { sid } = await loginResponse();
    expect(await authenticated(clientWithSid(sha256(sid)))).toBe(false);
  });
});

describe('a sid that is not a live session is anonymous', () => {
  it('a tampered token', async () => {
    const { sid } = await loginResponse();
    const tampered = sid.slice(0, -1) + (sid.endsWith('A') ? 'B' : 'A');
    const c = clientWithSid(tampered);
    expect((await c.get('/api/auth/status')).json()).toEqual({ authenticated: false, user: null });
    const res = await c.put('/api/users/me/username', { newUsername: 'hacker' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.notAuthenticated);
  });

  it('an empty, overlong or garbage token', async () => {
    await loginResponse();
    for (const sid of ['', 'x'.repeat(5000), '%00%ff', 'null', '"quoted"']) {
      const c = clientWithSid(sid);
      const res = await c.get('/api/auth/status');
      expect(res.statusCode, sid.slice(0, 20)).toBe(200);
      expect(res.json().authenticated).toBe(false);
    }
  });

  it('an expired session', async () => {
    const { c } = await loginResponse();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await authenticated(c)).toBe(false);
  });

  it('the session of a deleted user', async () => {
    const { c } = await loginResponse();
    await t.db.delete(users).where(eq(users.username, 'anna'));
    expect(await authenticated(c)).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('the session of a user who is no longer active', async () => {
    const { c } = await loginResponse();
    await t.db.update(users).set({ status: 'pending' }).where(eq(users.username, 'anna'));
    expect(await authenticated(c)).toBe(false);
  });
});

describe('session renewal', () => {
  it('does not touch a fresh session', async () => {
    const { c } = await loginResponse();
    const res = await c.get('/api/auth/status');
    expect(cookieOf(res, 'sid')).toBeUndefined();
  });

  it('extends a session in use after an hour, with the same token', async () => {
    const { c, sid } = await loginResponse();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 10 * DAY) });
    const res = await c.get('/api/auth/status');
    expect(res.json().authenticated).toBe(true);
    const renewed = cookieOf(res, 'sid');
    expect(renewed?.value).toBe(sid);
    expect(renewed!.httpOnly).toBe(true);
    const [row] = await t.db.select().from(sessions);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13.9 * DAY);
  });

  it('waits on a public, cacheable answer: a shared cache never gets the cookie', async () => {
    const { c } = await loginResponse();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 10 * DAY) });
    for (const url of [
      '/api/facility/info',
      '/api/facility/pricing',
      '/api/closures?year=2030&month=1',
    ]) {
      const res = await c.get(url);
      expect(res.headers['cache-control'], url).toMatch(/public/);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    expect(cookieOf(await c.get('/api/auth/status'), 'sid')).toBeDefined();
  });
});

describe('sessions of several users', () => {
  it('keep each user apart', async () => {
    const { client: anna } = await loggedInClient(t, { username: 'anna' });
    const { client: bert } = await loggedInClient(t, { username: 'bert' });
    expect((await anna.get('/api/auth/status')).json().user.username).toBe('anna');
    expect((await bert.get('/api/auth/status')).json().user.username).toBe('bert');
  });
});
