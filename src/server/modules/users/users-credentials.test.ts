// A user changing their own username and password (docs/product.md): what
// is accepted, what is refused, and which sessions survive.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { sessions } from '../../db/schema.js';
import { createUser, isAuthenticated, loggedInClient, userRow } from '../../testing/harness.js';
import { USER_KEYS, useUsersTestApp } from './users.testing.js';

const { t, login } = useUsersTestApp();

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
