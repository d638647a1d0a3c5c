import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { passwordResetTokens, sessions, users } from '../../db/schema.js';
import {
  TestClient,
  attemptLogin,
  createUser,
  loggedInClient,
  useTestApp,
} from '../../testing/harness.js';

const t = useTestApp();

const USER_KEYS = ['accountId', 'createdAt', 'email', 'id', 'role', 'username'];
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const login = (username: string, password: string, client?: TestClient) =>
  attemptLogin(t, username, password, client);

/** The answer's `user` has exactly the User shape of docs/architecture.md §4, and no trace of the password hash. */
function expectUserShape(res: LightMyRequestResponse) {
  const body = res.json();
  expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
  expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/i);
  return body;
}

async function status(client: TestClient) {
  const res = await client.get('/api/auth/status');
  expect(res.statusCode).toBe(200);
  return res.json() as { authenticated: boolean; user: Record<string, unknown> | null };
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

describe('forgot and reset password', () => {
  const LINK = /^http:\/\/site\.test\/reset-password\?token=([A-Za-z0-9_-]+)&username=([^&\s]+)$/m;

  async function requestLink(username: string, to: string) {
    const res = await new TestClient(t.app).post('/api/auth/forgot-password', { username });
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.last(to);
    expect(mail, `a mail to ${to}`).toBeTruthy();
    const match = LINK.exec(mail!.text);
    expect(match, mail!.text).toBeTruthy();
    return {
      token: decodeURIComponent(match![1]!),
      username: decodeURIComponent(match![2]!),
      mail: mail!,
    };
  }

  async function reset(body: Record<string, unknown>) {
    return new TestClient(t.app).post('/api/auth/reset-password', body);
  }

  it('gives the same answer for an existing and an unknown user, and mails only the existing one', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    await createUser(t.db, { username: 'nomail' });
    const c = new TestClient(t.app);
    const answers = [];
    for (const username of ['anna', 'nobody', 'nomail']) {
      const res = await c.post('/api/auth/forgot-password', { username });
      expect(res.statusCode, username).toBe(200);
      answers.push(res.json());
    }
    expect(answers).toEqual([
      { message: messages.forgotSuccess },
      { message: messages.forgotSuccess },
      { message: messages.forgotSuccess },
    ]);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe('anna@example.org');
  });

  it('mails a link of the form PUBLIC_URL/reset-password?token=…&username=…', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token, username, mail } = await requestLink('anna', 'anna@example.org');
    expect(username).toBe('anna');
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain(`http://site.test/reset-password?token=${token}&username=anna`);
  });

  it('greets the user by their stored name and links with the name as typed, encoded', async () => {
    await createUser(t.db, { username: 'Anna Maria', email: 'am@example.org' });
    await new TestClient(t.app).post('/api/auth/forgot-password', { username: ' anna maria ' });
    const text = t.mailer.last('am@example.org')!.text;
    expect(text).toMatch(/^Hello Anna Maria,$/m);
    // The reset finds the user whatever the case, like the login.
    expect(text).toMatch(/&username=anna%20maria$/m);
  });

  it('stores only the hash of the token', async () => {
    const anna = await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    const rows = await t.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(anna.id);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('resets once: the new password logs in, the old one does not, and the token cannot be reused', async () => {
    await createUser(t.db, {
      username: 'anna',
      password: 'old-password',
      email: 'anna@example.org',
    });
    const { token } = await requestLink('anna', 'anna@example.org');
    const res = await reset({ token, username: 'anna', newPassword: 'new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.resetSuccess });
    expect((await login('anna', 'new-password')).res.statusCode).toBe(200);
    expect((await login('anna', 'old-password')).res.statusCode).toBe(401);

    const again = await reset({ token, username: 'anna', newPassword: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.resetFailure);
    expect((await login('anna', 'new-password')).res.statusCode).toBe(200);
  });

  it('ends every session of the user', async () => {
    const { client } = await loggedInClient(t, { username: 'anna', email: 'anna@example.org' });
    const { client: other } = await login('anna', 'secret123');
    const { token } = await requestLink('anna', 'anna@example.org');
    expect((await reset({ token, username: 'anna', newPassword: 'new-password' })).statusCode).toBe(
      200,
    );
    expect((await status(client)).authenticated).toBe(false);
    expect((await status(other)).authenticated).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('refuses an expired token with 400 and keeps the password', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await reset({ token, username: 'anna', newPassword: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.resetFailure);
    expect((await login('anna', 'secret123')).res.statusCode).toBe(200);
  });

  it('refuses a token used with another username, which leaves the token usable by its owner', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    await createUser(t.db, { username: 'bert', email: 'bert@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    const wrong = await reset({ token, username: 'bert', newPassword: 'hijacked1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.resetFailure);
    expect((await login('bert', 'hijacked1')).res.statusCode).toBe(401);
    const unknown = await reset({ token, username: 'nobody', newPassword: 'hijacked1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(messages.resetFailure);
    expect((await reset({ token, username: 'ANNA', newPassword: 'new-password' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a made-up token', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const res = await reset({
      token: 'made-up-token',
      username: 'anna',
      newPassword: 'new-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.resetFailure);
  });

  it('invalidates earlier links once one of them was used', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const first = await requestLink('anna', 'anna@example.org');
    const second = await requestLink('anna', 'anna@example.org');
    expect(first.token).not.toBe(second.token);
    expect(
      (await reset({ token: second.token, username: 'anna', newPassword: 'new-password' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await reset({ token: first.token, username: 'anna', newPassword: 'other-password' }))
        .statusCode,
    ).toBe(400);
  });

  it('checks the new password and the link parameters with the messages of docs/product.md §5', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    const { token } = await requestLink('anna', 'anna@example.org');
    const short = await reset({ token, username: 'anna', newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.resetPasswordTooShort);
    for (const body of [
      { username: 'anna', newPassword: 'new-password' },
      { token: '', username: 'anna', newPassword: 'new-password' },
      { token, newPassword: 'new-password' },
      { token, username: '  ', newPassword: 'new-password' },
    ]) {
      const res = await reset(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.resetInvalidParams);
    }
    // The refused attempts did not use the token up.
    expect((await reset({ token, username: 'anna', newPassword: 'new-password' })).statusCode).toBe(
      200,
    );
  });

  it('requires a username to send a link', async () => {
    const c = new TestClient(t.app);
    for (const body of [{}, { username: '' }, { username: '   ' }]) {
      const res = await c.post('/api/auth/forgot-password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.usernameRequired);
    }
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('keeps the old password working while a link is merely requested', async () => {
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    await requestLink('anna', 'anna@example.org');
    expect((await login('anna', 'secret123')).res.statusCode).toBe(200);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(passwordResetTokens);
    expect(row!.n).toBe(1);
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
