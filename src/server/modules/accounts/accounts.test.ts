import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { accounts } from '../../db/schema.js';
import { adminClient, createAccount, useTestApp } from '../../testing/harness.js';

const t = useTestApp();

describe('GET /api/account', () => {
  it('lists every account as {id, accountName}, sorted by name', async () => {
    const { client } = await adminClient(t);
    expect((await client.get('/api/account')).json()).toEqual([]);
    const b = await createAccount(t.db, 'Bethel');
    const a = await createAccount(t.db, 'Agape');
    const res = await client.get('/api/account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: a.id, accountName: 'Agape' },
      { id: b.id, accountName: 'Bethel' },
    ]);
  });
});

describe('POST /api/account', () => {
  it('answers 201 {id, accountName} with the trimmed name', async () => {
    const { client } = await adminClient(t);
    const res = await client.post('/api/account', { accountName: '  St. Mark Parish  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accountName', 'id']);
    expect(body.accountName).toBe('St. Mark Parish');
    expect(Number.isInteger(body.id)).toBe(true);
    const rows = await t.db.select().from(accounts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.id, accountName: 'St. Mark Parish' });
    expect((await client.get('/api/account')).json()).toEqual([body]);
  });

  it('answers 409 for a name that exists, in any case', async () => {
    const { client } = await adminClient(t);
    await createAccount(t.db, 'St. Mark');
    for (const accountName of ['St. Mark', 'st. mark', ' ST. MARK ']) {
      const res = await client.post('/api/account', { accountName });
      expect(res.statusCode, accountName).toBe(409);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await t.db.select().from(accounts)).toHaveLength(1);
  });

  it("answers 400 'New account name is required.' for a missing or blank name", async () => {
    const { client } = await adminClient(t);
    for (const body of [
      {},
      { accountName: '' },
      { accountName: '   ' },
      { accountName: null },
      { accountName: 42 },
      { accountName: ['x'] },
    ]) {
      const res = await client.post('/api/account', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.newAccountNameRequired);
    }
    expect(await t.db.select().from(accounts)).toHaveLength(0);
  });

  it('refuses a name longer than 120 characters', async () => {
    const { client } = await adminClient(t);
    const res = await client.post('/api/account', { accountName: 'x'.repeat(121) });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect((await client.post('/api/account', { accountName: 'x'.repeat(120) })).statusCode).toBe(
      201,
    );
  });
});
