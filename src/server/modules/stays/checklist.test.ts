// The stay's checklist (docs/stays.md): what the house asks for, each with its
// due day, done as the leader signs, pays, sends the questionnaire and uploads
// an insurance certificate valid through the stay's last day, which counts for
// the church's later stays too.
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../shared/dates.js';
import { makePdf, upload, uploadForm } from '../documents/documents.testing.js';
import { memberWithAccount, type TestClient } from '../../testing/harness.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { TZ, useGroupHouse } from './stays.testing.js';

const { t, request, approved, approvedAndAgreed } = useGroupHouse();

const checklist = async (client: TestClient, id: number) => {
  const res = await client.get(`/api/reservations/${id}/checklist`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { item: string; done: boolean; dueDate: string | null }[];
};
const state = (items: { item: string; done: boolean }[]) =>
  Object.fromEntries(items.map((i) => [i.item, i.done]));

async function insurance(client: TestClient, expiresOn: string | undefined, kind = 'insurance') {
  const fields: Record<string, string> = { description: 'Liability insurance', kind };
  if (expiresOn !== undefined) fields.expiresOn = expiresOn;
  return upload(
    client,
    uploadForm({ bytes: await makePdf('Certificate'), name: 'cert.pdf' }, fields),
  );
}

describe('the checklist', () => {
  it('lists the five items with their due days, none due from approval before it', async () => {
    const { client, reservation, first } = await request({ guests: 20, offset: 60 });
    const before = await checklist(client, reservation.id);
    // By due day (this house asks for the balance before the final count).
    expect(before.map((i) => i.item)).toEqual([
      'agreement',
      'deposit',
      'balance',
      'questionnaire',
      'insurance',
    ]);
    expect(before.map((i) => i.dueDate)).toEqual([
      null,
      null,
      addDays(first, -14),
      addDays(first, -10),
      addDays(first, -10),
    ]);
    expect(before.every((i) => !i.done)).toBe(true);
    await approved(reservation.id);
    const after = await checklist(client, reservation.id);
    const today = todayIn(TZ);
    expect(after[0]).toEqual({ item: 'agreement', done: false, dueDate: addDays(today, 7) });
    expect(after[1]).toEqual({ item: 'deposit', done: false, dueDate: addDays(today, 7) });
  });

  it('turns complete as the leader signs, pays, sends the questionnaire and shows insurance', async () => {
    const { client, reservation, last } = await request({ guests: 20 });
    const id = reservation.id;
    await approvedAndAgreed(client, id);
    expect(state(await checklist(client, id))).toEqual({
      agreement: true,
      deposit: false,
      questionnaire: false,
      insurance: false,
      balance: false,
    });
    await payInSandbox(client, id, 'deposit');
    expect(state(await checklist(client, id)).deposit).toBe(true);
    await client.put(`/api/reservations/${id}/questionnaire`, { finalGuests: 20 });
    expect(state(await checklist(client, id)).questionnaire).toBe(false);
    await client.post(`/api/reservations/${id}/questionnaire/submit`);
    expect(state(await checklist(client, id)).questionnaire).toBe(true);

    // A certificate that ends before the stay's last day does not count; one through it does.
    const short = await insurance(client, addDays(last, -1));
    expect(short.statusCode, short.body).toBe(201);
    expect(short.json().document).toMatchObject({
      kind: 'insurance',
      expiresOn: addDays(last, -1),
    });
    expect(state(await checklist(client, id)).insurance).toBe(false);
    expect((await insurance(client, last)).statusCode).toBe(201);
    expect(state(await checklist(client, id)).insurance).toBe(true);

    await payInSandbox(client, id);
    expect(Object.values(state(await checklist(client, id)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('reuses the church’s certificate for its later stays while valid, and not for another church', async () => {
    const { client, reservation, last } = await request({ guests: 20, offset: 40 });
    await insurance(client, addDays(last, 30));
    expect(state(await checklist(client, reservation.id)).insurance).toBe(true);
    const stay = (c: TestClient, from: string, eventName: string) =>
      c.post('/api/reservations', {
        startTime: `${from}T00:00:00.000Z`,
        endTime: `${addDays(from, 1)}T23:59:59.999Z`,
        eventName,
        eventDescription: 'x',
        guests: 15,
      });
    // The same church's later stay within the certificate: covered.
    const later = await stay(client, addDays(last, 10), 'Second retreat');
    expect(later.statusCode, later.body).toBe(201);
    expect(state(await checklist(client, later.json().id)).insurance).toBe(true);
    // Its stay after the certificate ends: not covered.
    const beyond = await stay(client, addDays(last, 40), 'Third retreat');
    expect(state(await checklist(client, beyond.json().id)).insurance).toBe(false);
    // Another church's stay within those days: not covered by this church's certificate.
    const { client: carl } = await memberWithAccount(t, 'carl', 'carl@example.org', {
      accountName: 'Chapel',
    });
    const theirs = await stay(carl, addDays(last, 20), 'Other church');
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(state(await checklist(carl, theirs.json().id)).insurance).toBe(false);
  });

  it('refuses an insurance upload without a valid expiry day, and an unknown kind', async () => {
    const { client, reservation } = await request();
    for (const [expiresOn, kind] of [
      [undefined, 'insurance'],
      ['2027-02-30', 'insurance'],
      ['next year', 'insurance'],
      ['2030-01-01', 'receipt'],
    ] as const) {
      const res = await insurance(client, expiresOn, kind);
      expect(res.statusCode, `${expiresOn} ${kind}`).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await client.get('/api/documents')).json()).toEqual([]);
    // Strangers do not see the checklist.
    const { client: bob } = await memberWithAccount(t, 'bob');
    expect((await bob.get(`/api/reservations/${reservation.id}/checklist`)).statusCode).toBe(404);
  });

  it('lets the church delete its certificate (it is an upload, not a record)', async () => {
    const { client, reservation, last } = await request();
    const doc = (await insurance(client, last)).json().document as { id: number };
    expect(state(await checklist(client, reservation.id)).insurance).toBe(true);
    expect((await client.delete(`/api/documents/${doc.id}`)).statusCode).toBe(200);
    expect(state(await checklist(client, reservation.id)).insurance).toBe(false);
  });
});
