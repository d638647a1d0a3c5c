import { describe, expect, it } from 'vitest';
import { adminClient, createAccount, createUser, useTestApp } from '../../testing/harness.js';

const t = useTestApp();

const BAD_PAGES = [
  'limit=0',
  'limit=-1',
  'limit=1.5',
  'limit=x',
  'limit=501',
  'offset=-1',
  'offset=2.5',
];

describe('GET /api/users and GET /api/accounts (admin): opt-in paging', () => {
  it('pages the directory by username then id, with the filters and X-Total-Count', async () => {
    const { client: admin } = await adminClient(t);
    const grace = await createAccount(t.db, 'Grace');
    const hope = await createAccount(t.db, 'Hope');
    for (const [username, status, accountId] of [
      ['dora', 'active', grace.id],
      ['Carl', 'pending', null],
      ['bea', 'active', hope.id],
      ['ann', 'inactive', grace.id],
      ['eve', 'active', grace.id],
    ] as const)
      await createUser(t.db, { username, status, accountId });

    const all = await admin.get('/api/users');
    expect(all.headers['x-total-count']).toBeUndefined();
    const names = (all.json() as { username: string }[]).map((u) => u.username);
    expect(names).toEqual(['admin', 'ann', 'bea', 'Carl', 'dora', 'eve']);

    const seen: string[] = [];
    for (const offset of [0, 4]) {
      const page = await admin.get(`/api/users?limit=4&offset=${offset}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-total-count']).toBe('6');
      seen.push(...(page.json() as { username: string }[]).map((u) => u.username));
    }
    expect(seen).toEqual(names);

    const active = await admin.get(`/api/users?status=active&accountId=${grace.id}&limit=1`);
    expect(active.headers['x-total-count']).toBe('2');
    expect((active.json() as { username: string }[]).map((u) => u.username)).toEqual(['dora']);
    const found = await admin.get('/api/users?q=grace&limit=1&offset=1');
    expect(found.headers['x-total-count']).toBe('3');
    expect((found.json() as { username: string }[]).map((u) => u.username)).toEqual(['dora']);

    for (const bad of BAD_PAGES) {
      const res = await admin.get(`/api/users?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
      });
    }
  });

  it('pages the churches by name then id, each with its own counts', async () => {
    const { client: admin } = await adminClient(t);
    const names = ['Zion', 'Grace', 'Hope', 'Bethel', 'Emmaus'];
    const made = new Map<string, number>();
    for (const name of names) made.set(name, (await createAccount(t.db, name)).id);
    await createUser(t.db, { username: 'gina', accountId: made.get('Grace')! });
    await createUser(t.db, { username: 'gus', accountId: made.get('Grace')! });
    await createUser(t.db, { username: 'zed', accountId: made.get('Zion')! });

    const all = await admin.get('/api/accounts');
    expect(all.headers['x-total-count']).toBeUndefined();
    type Church = { accountName: string; members: number };
    const order = (all.json() as Church[]).map((c) => c.accountName);
    expect(order).toEqual(['Bethel', 'Emmaus', 'Grace', 'Hope', 'Zion']);

    const page = await admin.get('/api/accounts?limit=2&offset=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json()).toMatchObject([
      { accountName: 'Grace', members: 2, reservations: 0, paidCents: 0, documents: 0 },
      { accountName: 'Hope', members: 0 },
    ]);
    const last = await admin.get('/api/accounts?limit=2&offset=4');
    expect(last.json()).toMatchObject([{ accountName: 'Zion', members: 1 }]);
    expect((await admin.get('/api/accounts?limit=2&offset=9')).json()).toEqual([]);

    for (const bad of BAD_PAGES) {
      const res = await admin.get(`/api/accounts?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
      });
    }
  });
});
