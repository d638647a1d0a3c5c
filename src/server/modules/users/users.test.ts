import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { sessions } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  attemptLogin,
  createAccount,
  createUser,
  isAuthenticated,
  loggedInClient,
  useTestApp,
  userRow,
} from '../../testing/harness.js';

const t = useTestApp();

const USER_KEYS = ['accountId', 'createdAt', 'email', 'id', 'role', 'username'];

const login = (username: string, password?: string) => attemptLogin(t, username, password);

describe('PUT /api/users/me/username', () => {
  it('changes the username and answers {message, user}', async () => {
    const { client, user } = await loggedInClient(t, { username: 'anna' });
    const res = await client.put('/api/users/me/username', { newUsername: '  anna.b  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(messages.usernameChanged);
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(body.user).toMatchObject({ id: user.id, username: 'anna.b' });
    expect(res.body).not.toMatch(/argon2|passwordHash/i);
    expect((await userRow(t, user.id))!.username).toBe('anna.b');
    // The session survives the change and shows the new name.
    expect((await client.get('/api/auth/status')).json().user.username).toBe('anna.b');
  });

  it('lets the user log in with the new name only', async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    await client.put('/api/users/me/username', { newUsername: 'hanna' });
    expect((await login('hanna', 'secret123')).res.statusCode).toBe(200);
    expect((await login('anna', 'secret123')).res.statusCode).toBe(401);
  });

  it("answers 400 'Username cannot be empty.' for an empty, blank or missing name", async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    for (const body of [{ newUsername: '' }, { newUsername: '   ' }, {}, { newUsername: null }]) {
      const res = await client.put('/api/users/me/username', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.usernameEmpty);
    }
  });

  it('answers 400 when the new name is the current one', async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    for (const newUsername of ['anna', ' anna ']) {
      const res = await client.put('/api/users/me/username', { newUsername });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.usernameSame);
    }
  });

  it('allows changing only the case of the own name', async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    const res = await client.put('/api/users/me/username', { newUsername: 'Anna' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('Anna');
  });

  it("answers 409 for another user's name, in any case", async () => {
    await createUser(t.db, { username: 'Bert' });
    const { client, user } = await loggedInClient(t, { username: 'anna' });
    for (const newUsername of ['Bert', 'bert', 'BERT']) {
      const res = await client.put('/api/users/me/username', { newUsername });
      expect(res.statusCode, newUsername).toBe(409);
      expect(res.json().message).toBe(messages.usernameTaken);
    }
    expect((await userRow(t, user.id))!.username).toBe('anna');
  });

  it('refuses a name that is too long or holds control characters', async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    for (const newUsername of ['x'.repeat(65), 'new\nline', 'nul\u0000char']) {
      const res = await client.put('/api/users/me/username', { newUsername });
      expect(res.statusCode, JSON.stringify(newUsername)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('PUT /api/users/me/password', () => {
  it('changes the password: the new one logs in, the old one does not', async () => {
    const { client, user } = await loggedInClient(t, {
      username: 'anna',
      password: 'old-password',
    });
    const before = (await userRow(t, user.id))!.passwordHash;
    const res = await client.put('/api/users/me/password', {
      currentPassword: 'old-password',
      newPassword: 'new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.passwordChanged });
    const after = (await userRow(t, user.id))!.passwordHash;
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\$argon2id\$/);
    expect((await login('anna', 'new-password')).res.statusCode).toBe(200);
    expect((await login('anna', 'old-password')).res.statusCode).toBe(401);
  });

  it("ends the user's other sessions but keeps the current one and other users' sessions", async () => {
    const { client, user } = await loggedInClient(t, { username: 'anna' });
    const { client: other } = await login('anna', 'secret123');
    const { client: bert } = await loggedInClient(t, { username: 'bert' });
    const res = await client.put('/api/users/me/password', {
      currentPassword: 'secret123',
      newPassword: 'new-password',
    });
    expect(res.statusCode).toBe(200);

    const refused = await other.put('/api/users/me/password', {
      currentPassword: 'secret123',
      newPassword: 'again-new',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(messages.notAuthenticated);
    expect(await isAuthenticated(other)).toBe(false);

    expect(await isAuthenticated(client)).toBe(true);
    expect(await isAuthenticated(bert)).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('answers 400 (not 401 or 403) for a wrong current password and changes nothing', async () => {
    const { client, user } = await loggedInClient(t, { username: 'anna' });
    const { client: other } = await login('anna', 'secret123');
    const before = (await userRow(t, user.id))!.passwordHash;
    const res = await client.put('/api/users/me/password', {
      currentPassword: 'wrong-one',
      newPassword: 'new-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.currentPasswordWrong);
    expect((await userRow(t, user.id))!.passwordHash).toBe(before);
    expect(await isAuthenticated(client)).toBe(true);
    expect(await isAuthenticated(other)).toBe(true);
  });

  it("answers 'All password fields are required.' when a field is missing or empty", async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    for (const body of [
      {},
      { newPassword: 'new-password' },
      { currentPassword: 'secret123' },
      { currentPassword: '', newPassword: 'new-password' },
      { currentPassword: 'secret123', newPassword: '' },
      { currentPassword: null, newPassword: 'new-password' },
    ]) {
      const res = await client.put('/api/users/me/password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.passwordFieldsRequired);
    }
  });

  it("answers 'New password must be at least 6 characters long.' for a short one", async () => {
    const { client } = await loggedInClient(t, { username: 'anna' });
    const res = await client.put('/api/users/me/password', {
      currentPassword: 'secret123',
      newPassword: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.newPasswordTooShort);
    expect(
      (
        await client.put('/api/users/me/password', {
          currentPassword: 'secret123',
          newPassword: '123456',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/users/pending', () => {
  it('lists only pending users as {id, username, email, createdAt}, oldest first', async () => {
    const { client } = await adminClient(t);
    expect((await client.get('/api/users/pending')).json()).toEqual([]);
    const p1 = await createUser(t.db, {
      username: 'p1',
      status: 'pending',
      email: 'p1@example.org',
    });
    const p2 = await createUser(t.db, { username: 'p2', status: 'pending' });
    await createUser(t.db, { username: 'active' });
    const res = await client.get('/api/users/pending');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toEqual([
      { id: p1.id, username: 'p1', email: 'p1@example.org', createdAt: p1.createdAt.toISOString() },
      { id: p2.id, username: 'p2', email: null, createdAt: p2.createdAt.toISOString() },
    ]);
    for (const item of list)
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'email', 'id', 'username']);
  });
});

describe('PUT /api/users/{id}/assign-account', () => {
  it('assigns an account and answers the user', async () => {
    const { client } = await adminClient(t);
    const account = await createAccount(t.db, 'St. Mark');
    const pending = await createUser(t.db, { username: 'pete', status: 'pending' });
    const res = await client.put(`/api/users/${pending.id}/assign-account`, {
      accountId: account.id,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(USER_KEYS);
    expect(res.json()).toMatchObject({
      id: pending.id,
      username: 'pete',
      accountId: account.id,
      role: 'User',
    });
    expect((await userRow(t, pending.id))!.accountId).toBe(account.id);
    // Still pending: assigning is not approving.
    expect((await userRow(t, pending.id))!.status).toBe('pending');
  });

  it('accepts the id as a string of digits, as a form sends it', async () => {
    const { client } = await adminClient(t);
    const account = await createAccount(t.db, 'St. Mark');
    const pending = await createUser(t.db, { username: 'pete', status: 'pending' });
    const res = await client.put(`/api/users/${pending.id}/assign-account`, {
      accountId: String(account.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().accountId).toBe(account.id);
  });

  it('answers 404 for an unknown account and for an unknown user', async () => {
    const { client } = await adminClient(t);
    const account = await createAccount(t.db, 'St. Mark');
    const pending = await createUser(t.db, { username: 'pete', status: 'pending' });
    const noAccount = await client.put(`/api/users/${pending.id}/assign-account`, {
      accountId: account.id + 100,
    });
    expect(noAccount.statusCode).toBe(404);
    expect(typeof noAccount.json().message).toBe('string');
    expect((await userRow(t, pending.id))!.accountId).toBeNull();
    const noUser = await client.put(`/api/users/${pending.id + 100}/assign-account`, {
      accountId: account.id,
    });
    expect(noUser.statusCode).toBe(404);
    expect(typeof noUser.json().message).toBe('string');
  });

  it('answers 400 with the message of docs/product.md for an invalid accountId', async () => {
    const { client } = await adminClient(t);
    await createAccount(t.db, 'St. Mark');
    const pending = await createUser(t.db, { username: 'pete', status: 'pending' });
    for (const accountId of [
      undefined,
      null,
      '',
      'abc',
      0,
      -1,
      1.5,
      true,
      false,
      [1],
      {},
      1e20,
      '1e3',
    ]) {
      const res = await client.put(`/api/users/${pending.id}/assign-account`, { accountId });
      expect(res.statusCode, JSON.stringify(accountId)).toBe(400);
      expect(res.json().message).toBe(messages.accountMustBeSelected);
    }
    expect((await userRow(t, pending.id))!.accountId).toBeNull();
  });
});

describe('PATCH /api/users/{id}/approve', () => {
  it('answers 409 with the message of docs/product.md while no account is assigned', async () => {
    const { client } = await adminClient(t);
    const pending = await createUser(t.db, {
      username: 'pete',
      status: 'pending',
      email: 'pete@example.org',
    });
    const res = await client.patch(`/api/users/${pending.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.approvalNeedsAccount);
    expect((await userRow(t, pending.id))!.status).toBe('pending');
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('activates a pending user with an account, mails them, and lets them log in', async () => {
    const { client } = await adminClient(t);
    const account = await createAccount(t.db, 'St. Mark');
    const pending = await createUser(t.db, {
      username: 'pete',
      status: 'pending',
      email: 'pete@example.org',
      accountId: account.id,
    });
    const res = await client.patch(`/api/users/${pending.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(USER_KEYS);
    expect(res.json()).toMatchObject({ id: pending.id, accountId: account.id });
    expect((await userRow(t, pending.id))!.status).toBe('active');
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe('pete@example.org');
    expect(t.mailer.sent[0]!.text).toContain('http://site.test/login');
    expect((await login('pete', 'secret123')).res.statusCode).toBe(200);
    expect((await client.get('/api/users/pending')).json()).toEqual([]);
  });

  it('sends no mail when the user gave no email', async () => {
    const { client } = await adminClient(t);
    const account = await createAccount(t.db, 'St. Mark');
    const pending = await createUser(t.db, {
      username: 'pete',
      status: 'pending',
      accountId: account.id,
    });
    expect((await client.patch(`/api/users/${pending.id}/approve`)).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('answers 409 for a user who is already active', async () => {
    const { client, user: admin } = await adminClient(t);
    const account = await createAccount(t.db, 'St. Mark');
    const active = await createUser(t.db, {
      username: 'anna',
      accountId: account.id,
      email: 'anna@example.org',
    });
    for (const id of [active.id, admin.id]) {
      const res = await client.patch(`/api/users/${id}/approve`);
      expect(res.statusCode).toBe(409);
      expect(typeof res.json().message).toBe('string');
    }
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('answers 404 for an unknown user', async () => {
    const { client } = await adminClient(t);
    const res = await client.patch('/api/users/9999/approve');
    expect(res.statusCode).toBe(404);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('DELETE /api/users/{id}/reject', () => {
  it('deletes a pending user, mails them, and then answers 404', async () => {
    const { client } = await adminClient(t);
    const pending = await createUser(t.db, {
      username: 'pete',
      status: 'pending',
      email: 'pete@example.org',
    });
    const res = await client.delete(`/api/users/${pending.id}/reject`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.userRejected });
    expect(await userRow(t, pending.id)).toBeUndefined();
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe('pete@example.org');
    const again = await client.delete(`/api/users/${pending.id}/reject`);
    expect(again.statusCode).toBe(404);
    expect(typeof again.json().message).toBe('string');
    expect((await login('pete', 'secret123')).res.statusCode).toBe(401);
    // The name is free again.
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/auth/register', { username: 'pete', password: 'secret123' })).statusCode,
    ).toBe(201);
  });

  it('sends no mail when the user gave no email', async () => {
    const { client } = await adminClient(t);
    const pending = await createUser(t.db, { username: 'pete', status: 'pending' });
    expect((await client.delete(`/api/users/${pending.id}/reject`)).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('answers 409 for an active user and keeps them', async () => {
    const { client, user: admin } = await adminClient(t);
    const active = await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    for (const id of [active.id, admin.id]) {
      const res = await client.delete(`/api/users/${id}/reject`);
      expect(res.statusCode).toBe(409);
      expect(typeof res.json().message).toBe('string');
      expect(await userRow(t, id)).toBeTruthy();
    }
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('answers 404 for an unknown user', async () => {
    const { client } = await adminClient(t);
    expect((await client.delete('/api/users/9999/reject')).statusCode).toBe(404);
  });
});

describe('the whole approval flow through the API', () => {
  it('register → pending list → new account → assign → approve → log in', async () => {
    const visitor = new TestClient(t.app);
    const reg = await visitor.post('/api/auth/register', {
      username: 'Grace',
      password: 'grace-pw',
      email: 'grace@example.org',
    });
    expect(reg.statusCode).toBe(201);
    expect(
      (await visitor.post('/api/auth/login', { username: 'grace', password: 'grace-pw' }))
        .statusCode,
    ).toBe(403);

    const { client: admin } = await adminClient(t);
    const pending = (await admin.get('/api/users/pending')).json();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ username: 'Grace', email: 'grace@example.org' });
    const id = pending[0].id as number;

    const created = await admin.post('/api/account', { accountName: 'Grace Chapel' });
    expect(created.statusCode).toBe(201);
    const accountId = created.json().id as number;
    expect((await admin.patch(`/api/users/${id}/approve`)).statusCode).toBe(409);
    expect((await admin.put(`/api/users/${id}/assign-account`, { accountId })).statusCode).toBe(
      200,
    );
    const approved = await admin.patch(`/api/users/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, username: 'Grace', accountId, role: 'User' });
    expect((await admin.get('/api/users/pending')).json()).toEqual([]);
    expect(t.mailer.last('grace@example.org')).toBeTruthy();

    const res = await visitor.post('/api/auth/login', { username: 'grace', password: 'grace-pw' });
    expect(res.statusCode).toBe(200);
    const status = (await visitor.get('/api/auth/status')).json();
    expect(status).toMatchObject({
      authenticated: true,
      user: { id, username: 'Grace', accountId, role: 'User' },
    });
  });
});
