import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { TestClient, createUser, loggedInClient, useTestApp } from '../testing/harness.js';

const t = useTestApp();

/** Every mutating API route, with a body that would otherwise be acceptable. */
const MUTATING: [method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
  ['POST', '/api/auth/login', { username: 'anna', password: 'secret123' }],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/register', { username: 'newbie', password: 'secret123' }],
  ['POST', '/api/auth/forgot-password', { username: 'anna' }],
  ['POST', '/api/auth/reset-password', { token: 'x', username: 'anna', newPassword: 'secret456' }],
  ['PUT', '/api/users/me/username', { newUsername: 'hanna' }],
  ['PUT', '/api/users/me/password', { currentPassword: 'secret123', newPassword: 'secret456' }],
  ['PUT', '/api/users/1/assign-account', { accountId: 1 }],
  ['PATCH', '/api/users/1/approve'],
  ['DELETE', '/api/users/1/reject'],
  ['POST', '/api/account', { accountName: 'St. Mark' }],
];

function cookieOf(res: { cookies: unknown }, name: string) {
  return (
    res.cookies as {
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
    }[]
  ).find((c) => c.name === name);
}

describe('the XSRF-TOKEN cookie', () => {
  it('is set on an /api answer when missing: readable by scripts, SameSite=Lax, Path=/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/status' });
    const cookie = cookieOf(res, 'XSRF-TOKEN');
    expect(cookie).toBeTruthy();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie!.httpOnly ?? false).toBe(false);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    const header = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((h) => h.startsWith('XSRF-TOKEN='));
    expect(header).not.toMatch(/HttpOnly/i);
  });

  it('is a new random value for each browser', async () => {
    const a = cookieOf(
      await t.app.inject({ method: 'GET', url: '/api/auth/status' }),
      'XSRF-TOKEN',
    );
    const b = cookieOf(
      await t.app.inject({ method: 'GET', url: '/api/auth/status' }),
      'XSRF-TOKEN',
    );
    expect(a!.value).not.toBe(b!.value);
  });

  it('is not set on a public answer a shared cache may keep', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/facility/info' });
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(cookieOf(res, 'XSRF-TOKEN')).toBeUndefined();
  });

  it('is not set again while the browser has one', async () => {
    const c = new TestClient(t.app);
    await c.get('/api/auth/status');
    const token = c.cookies.get('XSRF-TOKEN');
    const res = await c.get('/api/auth/status');
    expect(cookieOf(res, 'XSRF-TOKEN')).toBeUndefined();
    expect(c.cookies.get('XSRF-TOKEN')).toBe(token);
  });

  it('is not set outside /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(cookieOf(res, 'XSRF-TOKEN')).toBeUndefined();
  });

  it('survives login and logout, so the page keeps a valid token', async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    const token = client.cookies.get('XSRF-TOKEN');
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect(client.cookies.get('XSRF-TOKEN')).toBe(token);
    expect(
      (await client.post('/api/auth/login', { username: 'anna', password: 'secret123' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('double-submit check on mutating calls', () => {
  it.each(MUTATING)('%s %s without the header answers 403', async (method, url, body) => {
    const c = new TestClient(t.app, { csrf: false });
    await c.get('/api/auth/status');
    expect(c.cookies.get('XSRF-TOKEN')).toBeTruthy();
    const res = await c.request({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.csrfFailed, code: 'csrf_failed' });
  });

  it.each(MUTATING)('%s %s with a wrong header answers 403', async (method, url, body) => {
    const c = new TestClient(t.app, { csrf: false });
    await c.get('/api/auth/status');
    const token = c.cookies.get('XSRF-TOKEN')!;
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const header of [wrong, token + 'x', '', 'short']) {
      const res = await c.request({
        method,
        url,
        headers: { 'x-xsrf-token': header },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(res.statusCode, JSON.stringify(header)).toBe(403);
      expect(res.json()).toEqual({ message: messages.csrfFailed, code: 'csrf_failed' });
    }
  });

  it.each(MUTATING)(
    '%s %s with a header but no cookie answers 403 and hands out a cookie',
    async (method, url, body) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-xsrf-token': 'some-token-value-the-attacker-chose' },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.csrfFailed, code: 'csrf_failed' });
      expect(cookieOf(res, 'XSRF-TOKEN')).toBeTruthy();
    },
  );

  it("refuses another browser's token", async () => {
    const mine = new TestClient(t.app);
    const theirs = new TestClient(t.app);
    await mine.get('/api/auth/status');
    await theirs.get('/api/auth/status');
    const res = await mine.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-xsrf-token': theirs.cookies.get('XSRF-TOKEN')! },
    });
    expect(res.statusCode).toBe(403);
  });

  it('checks before anything else: a refused logout keeps the session, a refused login sets none', async () => {
    await createUser(t.db, { username: 'bert' });
    const { client } = await loggedInClient(t, { username: 'anna' });
    const res = await client.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-xsrf-token': 'nope' },
    });
    expect(res.statusCode).toBe(403);
    expect((await client.get('/api/auth/status')).json().authenticated).toBe(true);

    const c = new TestClient(t.app, { csrf: false });
    const login = await c.post('/api/auth/login', { username: 'bert', password: 'secret123' });
    expect(login.statusCode).toBe(403);
    expect(c.cookies.has('sid')).toBe(false);
  });

  it('lets GET through without the header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/facility/info' });
    expect(res.statusCode).toBe(200);
  });

  it('accepts the matching header', async () => {
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
  });
});

describe('the check is decided on the routed path', () => {
  it('refuses a mutating call whose path is percent-encoded (/%61pi/… routes to /api/…) without the header', async () => {
    await createUser(t.db, { username: 'anna' });
    for (const url of ['/%61pi/auth/login', '/%61%70%69/auth/login', '/api/%61uth/login']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { username: 'anna', password: 'secret123' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: messages.csrfFailed, code: 'csrf_failed' });
    }
  });
});
