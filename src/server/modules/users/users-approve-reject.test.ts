// The administrator approving or rejecting a registration (docs/product.md),
// the mail it sends, and the whole way from registering to logging in.
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import {
  TestClient,
  adminClient,
  createAccount,
  createUser,
  userRow,
} from '../../testing/harness.js';
import { USER_KEYS, useUsersTestApp } from './users.testing.js';

const { t, login } = useUsersTestApp();

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
