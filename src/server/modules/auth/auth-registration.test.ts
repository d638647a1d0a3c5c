/**
 * Registration: a pending user with a hashed password, the checks on the name,
 * the password and the email, and usernames people can tell apart.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { users } from '../../db/schema.js';
import { TestClient, createUser, loggedInClient, useTestApp } from '../../testing/harness.js';

const t = useTestApp();

describe('POST /api/auth/register', () => {
  it('answers 201 {message} and creates a pending user with a hashed password', async () => {
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/register', {
      username: 'newbie',
      password: 'secret123',
      email: 'New@Example.org',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.registrationPending });
    expect(c.cookies.has('sid')).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'newbie'));
    expect(row).toMatchObject({
      status: 'pending',
      role: 'User',
      email: 'new@example.org',
      accountId: null,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('secret123');
  });

  it('leaves the user unable to log in until approved (403 pending)', async () => {
    const c = new TestClient(t.app);
    await c.post('/api/auth/register', { username: 'newbie', password: 'secret123' });
    const res = await c.post('/api/auth/login', { username: 'newbie', password: 'secret123' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.pendingApproval);
  });

  it('stores no email when none, an empty one or null is given', async () => {
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/auth/register', { username: 'a1', password: 'secret123' })).statusCode,
    ).toBe(201);
    expect(
      (await c.post('/api/auth/register', { username: 'a2', password: 'secret123', email: '' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await c.post('/api/auth/register', { username: 'a3', password: 'secret123', email: null }))
        .statusCode,
    ).toBe(201);
    const rows = await t.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: null }, { email: null }, { email: null }]);
  });

  it('cannot be used to become an administrator or skip approval', async () => {
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/register', {
      username: 'sneaky',
      password: 'secret123',
      role: 'Administrator',
      status: 'active',
      accountId: 1,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'sneaky'));
    expect(row).toMatchObject({ role: 'User', status: 'pending', accountId: null });
  });

  it('answers 409 for a username that exists, in any case', async () => {
    await createUser(t.db, { username: 'Anna' });
    const c = new TestClient(t.app);
    for (const username of ['Anna', 'anna', ' ANNA ']) {
      const res = await c.post('/api/auth/register', { username, password: 'secret123' });
      expect(res.statusCode, username).toBe(409);
      expect(res.json().message).toBe(messages.usernameTaken);
    }
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('answers 409 when the same registration is sent twice', async () => {
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/auth/register', { username: 'twice', password: 'secret123' })).statusCode,
    ).toBe(201);
    const res = await c.post('/api/auth/register', { username: 'twice', password: 'secret123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.usernameTaken);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const c = new TestClient(t.app);
    for (const password of ['', '12345']) {
      const res = await c.post('/api/auth/register', { username: 'shorty', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.resetPasswordTooShort);
    }
    expect(
      (await c.post('/api/auth/register', { username: 'shorty', password: '123456' })).statusCode,
    ).toBe(201);
  });

  it('requires a username and refuses an invalid email', async () => {
    const c = new TestClient(t.app);
    for (const username of [undefined, '', '   ']) {
      const res = await c.post('/api/auth/register', { username, password: 'secret123' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.usernameRequired);
    }
    const bad = await c.post('/api/auth/register', {
      username: 'x',
      password: 'secret123',
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe('string');
    const control = await c.post('/api/auth/register', {
      username: 'tab\there',
      password: 'secret123',
    });
    expect(control.statusCode).toBe(400);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });
});

describe('usernames people can tell apart', () => {
  it('trims a username and refuses spaces, control and invisible characters inside', async () => {
    const c = new TestClient(t.app);
    const ok = await c.post('/api/auth/register', { username: '  clara  ', password: 'secret123' });
    expect(ok.statusCode).toBe(201);
    for (const username of [
      'two words',
      'tab\there',
      'zero\u200bwidth',
      'rtl\u202emark',
      'nbsp\u00a0name',
      'hangul\u3164filler',
    ]) {
      const res = await c.post('/api/auth/register', { username, password: 'secret123' });
      expect(res.statusCode, JSON.stringify(username)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const [row] = await t.db.select().from(users).where(eq(users.username, 'clara'));
    expect(row).toBeTruthy();
  });

  it('refuses a name that only looks like a taken one (NFKC and case), at registration and on rename', async () => {
    await createUser(t.db, { username: 'admin', role: 'Administrator' });
    const c = new TestClient(t.app);
    for (const username of ['ＡＤＭＩＮ', 'ADMIN', 'ａｄｍｉｎ']) {
      const res = await c.post('/api/auth/register', { username, password: 'secret123' });
      expect(res.statusCode, username).toBe(409);
      expect(res.json().code).toBe('username_taken');
    }
    const { client } = await loggedInClient(t, { username: 'member' });
    const rename = await client.put('/api/users/me/username', { newUsername: 'Ａdmin' });
    expect(rename.statusCode).toBe(409);
    // A name of one's own in another width is still one's own.
    expect(
      (await client.put('/api/users/me/username', { newUsername: 'ＭＥＭＢＥＲ' })).statusCode,
    ).toBe(200);
  });
});
