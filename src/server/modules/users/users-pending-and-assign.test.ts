// The registrations waiting for approval (docs/product.md): their list, and
// the administrator assigning each its church.
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { adminClient, createAccount, createUser, userRow } from '../../testing/harness.js';
import { USER_KEYS, useUsersTestApp } from './users.testing.js';

const { t } = useUsersTestApp();

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
