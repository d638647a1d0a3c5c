import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import {
  TestClient,
  adminClient,
  createAccount,
  loggedInClient,
  memberWithAccount,
  reserveDays,
  useTestApp,
} from '../../testing/harness.js';

const t = useTestApp();

/** A logged-in member of "{name} Church". */
const member = (name: string) =>
  memberWithAccount(t, name, undefined, { accountName: `${name} Church` });

describe('GET/PUT /api/account/profile', () => {
  it('reads and updates my account, with responsible persons and a null email', async () => {
    const { client, account } = await member('anna');
    const read = await client.get('/api/account/profile');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      id: account.id,
      accountName: 'anna Church',
      primaryContactFullName: null,
      primaryContactPhoneNumber: null,
      primaryContactEmail: null,
      primaryContactAddress: null,
      responsiblePersons: [],
    });

    const res = await client.put('/api/account/profile', {
      primaryContactFullName: ' Anna Smith ',
      primaryContactPhoneNumber: '555-0100',
      primaryContactAddress: '1 Church St',
      primaryContactEmail: '',
      responsiblePersons: [
        { fullName: 'Bob Jones', phoneNumber: '555-0101', email: 'bob@example.org', address: '' },
        { fullName: 'Cara Lee' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBeTruthy();
    expect(body.account).toMatchObject({
      accountName: 'anna Church',
      primaryContactFullName: 'Anna Smith',
      primaryContactEmail: null,
      responsiblePersons: [
        { fullName: 'Bob Jones', phoneNumber: '555-0101', email: 'bob@example.org', address: null },
        { fullName: 'Cara Lee', phoneNumber: null, email: null, address: null },
      ],
    });

    // A partial update changes only what it names.
    const renamed = await client.put('/api/account/profile', { accountName: 'Grace Chapel' });
    expect(renamed.json().account).toMatchObject({
      accountName: 'Grace Chapel',
      primaryContactFullName: 'Anna Smith',
    });
    expect(renamed.json().account.responsiblePersons).toHaveLength(2);

    // Removing a person: the list sent replaces the old one.
    const removed = await client.put('/api/account/profile', {
      responsiblePersons: [{ fullName: 'Cara Lee' }],
    });
    expect(
      removed.json().account.responsiblePersons.map((p: { fullName: string }) => p.fullName),
    ).toEqual(['Cara Lee']);
    expect((await client.get('/api/account/profile')).json().responsiblePersons).toHaveLength(1);
  });

  it('refuses a responsible person without a name and a bad email, changing nothing', async () => {
    const { client } = await member('anna');
    const noName = await client.put('/api/account/profile', {
      responsiblePersons: [{ fullName: ' ', phoneNumber: '1' }],
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(messages.responsiblePersonNameRequired);
    const badEmail = await client.put('/api/account/profile', {
      primaryContactEmail: 'not-an-email',
      primaryContactFullName: 'X',
    });
    expect(badEmail.statusCode).toBe(400);
    const after = (await client.get('/api/account/profile')).json();
    expect(after.primaryContactFullName).toBeNull();
    expect(after.responsiblePersons).toEqual([]);
    expect((await client.put('/api/account/profile', { accountName: '  ' })).statusCode).toBe(400);
  });

  it('a member reaches only their own account; an administrator may name one', async () => {
    const { client: a } = await member('anna');
    const { account: other } = await member('bob');
    // The accountId parameter is for administrators only.
    const res = await a.get(`/api/account/profile?accountId=${other.id}`);
    expect(res.json().accountName).toBe('anna Church');
    await a.put(`/api/account/profile?accountId=${other.id}`, { accountName: 'Hijacked' });
    const { client: admin } = await adminClient(t);
    const bobs = await admin.get(`/api/account/profile?accountId=${other.id}`);
    expect(bobs.json().accountName).toBe('bob Church');
    expect((await admin.get('/api/account/profile')).statusCode).toBe(404);
  });

  it('needs a login; a user without account gets 404', async () => {
    expect((await new TestClient(t.app).get('/api/account/profile')).statusCode).toBe(401);
    const { client } = await loggedInClient(t, { username: 'loner' });
    expect((await client.get('/api/account/profile')).statusCode).toBe(404);
  });

  it('a duplicate account name is 409', async () => {
    const { client } = await member('anna');
    await createAccount(t.db, 'Taken Name');
    expect(
      (await client.put('/api/account/profile', { accountName: 'taken name' })).statusCode,
    ).toBe(409);
  });
});

describe('GET /api/account/history', () => {
  it("records the account's reservations, documents and profile changes, newest first", async () => {
    const { client } = await member('anna');
    const { id } = await reserveDays(t, client, 5, 1, 'Choir weekend');
    await client.patch(`/api/reservations/${id}/cancel`);
    await client.put('/api/account/profile', { primaryContactFullName: 'Anna' });

    const history = (await client.get('/api/account/history')).json() as {
      kind: string;
      summary: string;
      username: string;
    }[];
    expect(history.map((h) => h.kind)).toEqual([
      'profile_updated',
      'reservation_cancelled',
      'reservation_requested',
    ]);
    expect(history[1]!.summary).toContain('Choir weekend');
    expect(history[2]!.username).toBe('anna');

    // Another account sees none of it.
    const { client: bob } = await member('bob');
    expect((await bob.get('/api/account/history')).json()).toEqual([]);
  });
});
