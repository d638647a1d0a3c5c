// The administrator's user directory (docs/product.md): every user with their
// status and church, filtered and searched.
import { describe, expect, it } from 'vitest';
import {
  TestClient,
  adminClient,
  createAccount,
  createUser,
  memberWithAccount,
} from '../../testing/harness.js';
import { DIRECTORY_KEYS, names, useUsersTestApp } from './users.testing.js';

const { t } = useUsersTestApp();

describe('GET /api/users (admin)', () => {
  it('lists every user with status and church, ordered by username in any case', async () => {
    const { client: admin, user: adminUser } = await adminClient(t);
    const grace = await createAccount(t.db, 'Grace Chapel');
    const zoe = await createUser(t.db, {
      username: 'Zoe',
      email: 'zoe@example.org',
      accountId: grace.id,
    });
    const bert = await createUser(t.db, { username: 'bert', status: 'pending' });
    const carl = await createUser(t.db, {
      username: 'Carl',
      status: 'inactive',
      accountId: grace.id,
    });

    const res = await admin.get('/api/users');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(names(list)).toEqual(['admin', 'bert', 'Carl', 'Zoe']);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(DIRECTORY_KEYS);
    expect(list).toEqual([
      {
        id: adminUser.id,
        username: 'admin',
        email: null,
        role: 'Administrator',
        status: 'active',
        accountId: null,
        accountName: null,
        createdAt: adminUser.createdAt.toISOString(),
      },
      expect.objectContaining({ id: bert.id, status: 'pending', accountName: null }),
      expect.objectContaining({
        id: carl.id,
        status: 'inactive',
        accountId: grace.id,
        accountName: 'Grace Chapel',
      }),
      expect.objectContaining({
        id: zoe.id,
        role: 'User',
        status: 'active',
        email: 'zoe@example.org',
        accountName: 'Grace Chapel',
      }),
    ]);
    expect(res.body).not.toMatch(/argon2|passwordHash/i);
  });

  it('filters by status and church, and searches username, email and church name in any case', async () => {
    const { client: admin } = await adminClient(t);
    const grace = await createAccount(t.db, 'Grace Chapel');
    const hope = await createAccount(t.db, 'Hope 100% Parish');
    await createUser(t.db, { username: 'anna', email: 'anna@grace.org', accountId: grace.id });
    await createUser(t.db, { username: 'ben', status: 'inactive', accountId: grace.id });
    await createUser(t.db, { username: 'cleo', email: 'CLEO@mail.test', accountId: hope.id });
    await createUser(t.db, { username: 'dan_x', status: 'pending' });
    await createUser(t.db, { username: 'danax', status: 'pending' });

    const get = async (query: string) => {
      const res = await admin.get(`/api/users?${query}`);
      expect(res.statusCode, query).toBe(200);
      return names(res.json());
    };
    expect(await get('status=pending')).toEqual(['dan_x', 'danax']);
    expect(await get('status=inactive')).toEqual(['ben']);
    expect(await get('status=active')).toEqual(['admin', 'anna', 'cleo']);
    expect(await get(`accountId=${grace.id}`)).toEqual(['anna', 'ben']);
    expect(await get(`accountId=${grace.id}&status=active`)).toEqual(['anna']);
    expect(await get('accountId=999999')).toEqual([]);
    // Username, email and church name, whatever the case.
    expect(await get('q=ANN')).toEqual(['anna']);
    expect(await get('q=cleo%40MAIL')).toEqual(['cleo']);
    expect(await get('q=grace')).toEqual(['anna', 'ben']);
    expect(await get('q=%20%20chapel%20')).toEqual(['anna', 'ben']);
    expect(await get(`q=grace&status=inactive`)).toEqual(['ben']);
    expect(await get(`q=hope&accountId=${grace.id}`)).toEqual([]);
    // LIKE's wildcards are plain characters in a search.
    expect(await get('q=dan_')).toEqual(['dan_x']);
    expect(await get('q=100%25')).toEqual(['cleo']);
    expect(await get('q=%25')).toEqual(['cleo']);
    expect(await get('q=')).toHaveLength(6);
  });

  it('refuses a bad filter with 400', async () => {
    const { client: admin } = await adminClient(t);
    for (const query of [
      'status=approved',
      'accountId=abc',
      'accountId=0',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await admin.get(`/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('answers 401 without a session and 403 admin_required to a member', async () => {
    const { client: member } = await memberWithAccount(t, 'anna');
    expect((await new TestClient(t.app).get('/api/users')).statusCode).toBe(401);
    const res = await member.get('/api/users');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });

  it('leaves /api/users/pending as it was', async () => {
    const { client: admin } = await adminClient(t);
    const p = await createUser(t.db, { username: 'pete', status: 'pending' });
    await createUser(t.db, { username: 'ina', status: 'inactive' });
    expect((await admin.get('/api/users/pending')).json()).toEqual([
      { id: p.id, username: 'pete', email: null, createdAt: p.createdAt.toISOString() },
    ]);
  });
});
