import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { TestClient, createUser, useTestApp } from '../testing/harness.js';

// Three attempts a minute, so the fourth is refused.
const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });

function expectLimited(res: {
  statusCode: number;
  json: () => { message: unknown };
  headers: Record<string, unknown>;
}) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toBe(messages.rateLimited);
  expect(res.headers['retry-after']).toBeTruthy();
}

describe('per address', () => {
  it('refuses the 4th login from one address with 429', async () => {
    await createUser(t.db, { username: 'anna' });
    const c = new TestClient(t.app, { remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 3; i++) {
      const res = await c.post('/api/auth/login', { username: 'anna', password: 'secret123' });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(200);
    }
    expectLimited(await c.post('/api/auth/login', { username: 'anna', password: 'secret123' }));
    // Another address is not affected.
    const other = new TestClient(t.app, { remoteAddress: '10.0.0.2' });
    expect(
      (await other.post('/api/auth/login', { username: 'anna', password: 'secret123' })).statusCode,
    ).toBe(200);
  });

  it('counts failed logins for different usernames from one address', async () => {
    const c = new TestClient(t.app, { remoteAddress: '10.0.0.1' });
    for (const username of ['u1', 'u2', 'u3']) {
      expect((await c.post('/api/auth/login', { username, password: 'wrong-pw' })).statusCode).toBe(
        401,
      );
    }
    expectLimited(await c.post('/api/auth/login', { username: 'u4', password: 'wrong-pw' }));
  });

  it('refuses the 4th registration from one address with 429', async () => {
    const c = new TestClient(t.app, { remoteAddress: '10.0.0.1' });
    for (let i = 1; i <= 3; i++) {
      expect(
        (await c.post('/api/auth/register', { username: `user${i}`, password: 'secret123' }))
          .statusCode,
      ).toBe(201);
    }
    expectLimited(await c.post('/api/auth/register', { username: 'user4', password: 'secret123' }));
    const other = new TestClient(t.app, { remoteAddress: '10.0.0.2' });
    expect(
      (await other.post('/api/auth/register', { username: 'user4', password: 'secret123' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses the 4th forgot-password from one address with 429', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const c = new TestClient(t.app, { remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 3; i++) {
      expect((await c.post('/api/auth/forgot-password', { username: 'anna' })).statusCode).toBe(
        200,
      );
    }
    expectLimited(await c.post('/api/auth/forgot-password', { username: 'anna' }));
    expect(t.mailer.sent).toHaveLength(3);
  });

  it('refuses the 4th reset-password from one address with 429', async () => {
    const c = new TestClient(t.app, { remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 3; i++) {
      const res = await c.post('/api/auth/reset-password', {
        token: `guess-${i}`,
        username: 'anna',
        newPassword: 'secret456',
      });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await c.post('/api/auth/reset-password', {
        token: 'guess-4',
        username: 'anna',
        newPassword: 'secret456',
      }),
    );
  });

  it('counts each route on its own', async () => {
    const c = new TestClient(t.app, { remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 3; i++) await c.post('/api/auth/forgot-password', { username: 'nobody' });
    expectLimited(await c.post('/api/auth/forgot-password', { username: 'nobody' }));
    expect(
      (await c.post('/api/auth/login', { username: 'nobody', password: 'wrong-pw' })).statusCode,
    ).toBe(401);
  });

  it('does not limit the status call', async () => {
    const c = new TestClient(t.app, { remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 6; i++) expect((await c.get('/api/auth/status')).statusCode).toBe(200);
  });
});

describe('per username', () => {
  it('refuses a username after 3 failures from different addresses, even with the right password', async () => {
    await createUser(t.db, { username: 'anna' });
    await createUser(t.db, { username: 'bert' });
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
      const c = new TestClient(t.app, { remoteAddress: ip });
      const res = await c.post('/api/auth/login', { username: 'anna', password: 'wrong-pw' });
      expect(res.statusCode, ip).toBe(401);
    }
    const fresh = new TestClient(t.app, { remoteAddress: '10.0.1.4' });
    const refused = await fresh.post('/api/auth/login', {
      username: 'anna',
      password: 'secret123',
    });
    expectLimited(refused);
    expect(fresh.cookies.has('sid')).toBe(false);

    // Another username from the same addresses is unaffected.
    const bert = new TestClient(t.app, { remoteAddress: '10.0.1.1' });
    expect(
      (await bert.post('/api/auth/login', { username: 'bert', password: 'secret123' })).statusCode,
    ).toBe(200);
  });

  it('counts the spellings of one username together', async () => {
    await createUser(t.db, { username: 'anna' });
    for (const [i, username] of ['ANNA', ' anna ', 'Anna'].entries()) {
      const c = new TestClient(t.app, { remoteAddress: `10.0.2.${i + 1}` });
      expect((await c.post('/api/auth/login', { username, password: 'wrong-pw' })).statusCode).toBe(
        401,
      );
    }
    const c = new TestClient(t.app, { remoteAddress: '10.0.2.9' });
    expectLimited(await c.post('/api/auth/login', { username: 'anna', password: 'secret123' }));
  });

  it('does not count successful logins as failures', async () => {
    await createUser(t.db, { username: 'anna' });
    for (let i = 1; i <= 5; i++) {
      const c = new TestClient(t.app, { remoteAddress: `10.0.3.${i}` });
      expect(
        (await c.post('/api/auth/login', { username: 'anna', password: 'secret123' })).statusCode,
      ).toBe(200);
    }
  });
});
