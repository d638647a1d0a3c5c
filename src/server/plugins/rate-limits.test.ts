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

// Two failures of one address on one username (half the per-minute limit, rounded up).
describe('per username and source', () => {
  it('blocks a source after 2 failures on a username, even with the right password', async () => {
    await createUser(t.db, { username: 'anna' });
    await createUser(t.db, { username: 'bert' });
    const stranger = new TestClient(t.app, { remoteAddress: '10.0.1.1' });
    for (let i = 0; i < 2; i++) {
      const res = await stranger.post('/api/auth/login', {
        username: 'anna',
        password: 'wrong-pw',
      });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectLimited(
      await stranger.post('/api/auth/login', { username: 'anna', password: 'secret123' }),
    );
    expect(stranger.cookies.has('sid')).toBe(false);
  });

  it("never locks the owner out: another address's failures do not count against them", async () => {
    await createUser(t.db, { username: 'admin', role: 'Administrator' });
    // Failures from several addresses, then from one until it is blocked.
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3']) {
      const c = new TestClient(t.app, { remoteAddress: ip });
      expect(
        (await c.post('/api/auth/login', { username: 'admin', password: 'wrong-pw' })).statusCode,
      ).toBe(401);
    }
    const stranger = new TestClient(t.app, { remoteAddress: '10.0.2.9' });
    for (let i = 0; i < 2; i++)
      await stranger.post('/api/auth/login', { username: 'admin', password: 'wrong-pw' });
    expectLimited(
      await stranger.post('/api/auth/login', { username: 'admin', password: 'wrong-pw' }),
    );
    const owner = new TestClient(t.app, { remoteAddress: '10.0.2.50' });
    const res = await owner.post('/api/auth/login', { username: 'admin', password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(owner.cookies.has('sid')).toBe(true);
  });

  it('counts the spellings of one username together', async () => {
    await createUser(t.db, { username: 'anna' });
    // The third attempt is within the address's 3 a minute: only the username count refuses it.
    for (const username of ['ANNA', ' anna ']) {
      const c = new TestClient(t.app, { remoteAddress: '10.0.3.1' });
      expect((await c.post('/api/auth/login', { username, password: 'wrong-pw' })).statusCode).toBe(
        401,
      );
    }
    const c = new TestClient(t.app, { remoteAddress: '10.0.3.1' });
    expectLimited(await c.post('/api/auth/login', { username: 'anna', password: 'secret123' }));
  });

  it('does not count successful logins as failures', async () => {
    await createUser(t.db, { username: 'anna' });
    for (let i = 1; i <= 5; i++) {
      const c = new TestClient(t.app, { remoteAddress: `10.0.4.${i}` });
      expect(
        (await c.post('/api/auth/login', { username: 'anna', password: 'secret123' })).statusCode,
      ).toBe(200);
    }
  });
});
