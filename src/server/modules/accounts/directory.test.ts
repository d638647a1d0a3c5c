import { describe, expect, it } from 'vitest';
import { documents, ledgerEntries } from '../../db/schema.js';
import {
  TestClient,
  adminClient,
  createAccount,
  createUser,
  memberWithAccount,
  reserveDays,
  useTestApp,
} from '../../testing/harness.js';

const t = useTestApp();

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

async function addDocument(accountId: number, fileName: string) {
  const [row] = await t.db
    .insert(documents)
    .values({ accountId, fileName, description: fileName, fileSize: PDF.length, content: PDF })
    .returning({ id: documents.id });
  return row!.id;
}

async function addLedgerEntry(
  accountId: number,
  reservationId: number,
  kind: 'charge' | 'refund',
  amountCents: number,
) {
  await t.db.insert(ledgerEntries).values({
    accountId,
    reservationId,
    kind,
    amountCents,
    currency: 'USD',
    provider: 'sandbox',
    reference: `ref_${kind}_${amountCents}`,
    eventId: `evt_${accountId}_${kind}_${amountCents}`,
  });
}

/** Two churches: Grace (three members, two stays, a payment partly refunded, two documents) and an empty one. */
async function seedChurches() {
  const { client: admin, user: adminUser } = await adminClient(t);
  const { client: anna, user: annaUser, account: grace } = await memberWithAccount(t, 'anna');
  const ben = await createUser(t.db, { username: 'ben', status: 'inactive', accountId: grace.id });
  const cleo = await createUser(t.db, { username: 'cleo', status: 'pending', accountId: grace.id });
  const empty = await createAccount(t.db, 'Aaron Fellowship');
  const first = await reserveDays(t, anna, 10, 2, 'Lent retreat');
  const second = await reserveDays(t, anna, 20, 3, 'Summer camp');
  await addLedgerEntry(grace.id, first.id, 'charge', 30000);
  await addLedgerEntry(grace.id, first.id, 'refund', 7500);
  await addLedgerEntry(grace.id, second.id, 'charge', 45000);
  await addDocument(grace.id, 'rules.pdf');
  await addDocument(grace.id, 'minutes.pdf');
  return { admin, adminUser, anna, annaUser, ben, cleo, grace, empty, first, second };
}

describe('GET /api/accounts (admin)', () => {
  it('lists every church by name with members, reservations, net paid and documents', async () => {
    const { admin, grace, empty } = await seedChurches();
    const res = await admin.get('/api/accounts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: empty.id,
        accountName: 'Aaron Fellowship',
        members: 0,
        reservations: 0,
        paidCents: 0,
        documents: 0,
      },
      {
        id: grace.id,
        accountName: 'Church anna',
        members: 3,
        reservations: 2,
        paidCents: 30000 - 7500 + 45000,
        documents: 2,
      },
    ]);
  });

  it('answers [] without churches, 401 without a session and 403 admin_required to a member', async () => {
    const { client: admin } = await adminClient(t);
    expect((await admin.get('/api/accounts')).json()).toEqual([]);
    const { client: member } = await memberWithAccount(t, 'anna');
    expect((await new TestClient(t.app).get('/api/accounts')).statusCode).toBe(401);
    const res = await member.get('/api/accounts');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });

  it('leaves GET /api/account, the short list, as it was', async () => {
    const { admin, grace, empty } = await seedChurches();
    expect((await admin.get('/api/account')).json()).toEqual([
      { id: empty.id, accountName: 'Aaron Fellowship' },
      { id: grace.id, accountName: 'Church anna' },
    ]);
  });
});

describe('GET /api/accounts/{id} (admin)', () => {
  it("answers the church's profile with its members, reservations, documents and payments as their own lists show them", async () => {
    const { admin, grace, annaUser, ben, cleo } = await seedChurches();
    const profile = await admin.put(`/api/account/profile?accountId=${grace.id}`, {
      primaryContactFullName: 'Pastor Paul',
      primaryContactAddress: '1 Church Lane',
      responsiblePersons: [{ fullName: 'Rita', phoneNumber: '555', email: '', address: null }],
    });
    expect(profile.statusCode).toBe(200);

    const res = await admin.get(`/api/accounts/${grace.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'accountName',
        'primaryContactFullName',
        'primaryContactPhoneNumber',
        'primaryContactEmail',
        'primaryContactAddress',
        'responsiblePersons',
        'members',
        'reservations',
        'documents',
        'payments',
      ].sort(),
    );
    // The profile part is what GET /api/account/profile shows.
    const own = (await admin.get(`/api/account/profile?accountId=${grace.id}`)).json();
    expect(body).toMatchObject(own);
    expect(body).toMatchObject({
      id: grace.id,
      accountName: 'Church anna',
      primaryContactFullName: 'Pastor Paul',
      primaryContactAddress: '1 Church Lane',
      responsiblePersons: [{ fullName: 'Rita', phoneNumber: '555', email: null, address: null }],
    });

    // Each list is exactly the answer of its own route, filtered to this church.
    expect(body.members).toEqual((await admin.get(`/api/users?accountId=${grace.id}`)).json());
    expect(body.members.map((m: { id: number }) => m.id)).toEqual([annaUser.id, ben.id, cleo.id]);
    expect(body.reservations).toEqual(
      (await admin.get(`/api/reservations?accountId=${grace.id}`)).json(),
    );
    expect(body.reservations.map((r: { eventName: string }) => r.eventName)).toEqual([
      'Lent retreat',
      'Summer camp',
    ]);
    expect(body.reservations[0]).toMatchObject({ accountId: grace.id, accountName: 'Church anna' });
    expect(body.documents).toEqual(
      (await admin.get(`/api/documents?accountId=${grace.id}`)).json(),
    );
    expect(body.documents).toHaveLength(2);
    expect(body.payments).toEqual((await admin.get(`/api/payments?accountId=${grace.id}`)).json());
    expect(body.payments.map((p: { kind: string }) => p.kind).sort()).toEqual([
      'charge',
      'charge',
      'refund',
    ]);
  });

  it('shows an empty church with empty lists', async () => {
    const { admin, empty } = await seedChurches();
    const res = await admin.get(`/api/accounts/${empty.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: empty.id,
      accountName: 'Aaron Fellowship',
      primaryContactFullName: null,
      responsiblePersons: [],
      members: [],
      reservations: [],
      documents: [],
      payments: [],
    });
  });

  it('answers 404 for an unknown church and 400 for an id that is not one', async () => {
    const { client: admin } = await adminClient(t);
    expect((await admin.get('/api/accounts/999999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1'])
      expect((await admin.get(`/api/accounts/${id}`)).statusCode, id).toBe(400);
  });

  it('answers 401 without a session and 403 to a member, even for their own church, showing nothing', async () => {
    const { anna, grace } = await seedChurches();
    expect((await new TestClient(t.app).get(`/api/accounts/${grace.id}`)).statusCode).toBe(401);
    const res = await anna.get(`/api/accounts/${grace.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
    expect(res.body).not.toContain('Lent retreat');
  });
});
