import { describe, expect, it } from 'vitest';
import { accountEvents } from '../../db/schema.js';
import {
  adminClient,
  createAccount,
  loggedInClient,
  reserveDays,
  useTestApp,
  type TestClient,
} from '../../testing/harness.js';
import { redactedSummary } from './service.js';

const t = useTestApp();

interface Entry {
  id: number;
  kind: string;
  summary: string;
  username: string | null;
  reservationId: number | null;
  documentId: number | null;
}

const historyOf = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/account/history${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Entry[];
};

/** Members A (anna) and B (bert) of one account. */
async function colleagues() {
  const account = await createAccount(t.db, 'Shared Parish');
  const a = await loggedInClient(t, { username: 'anna', accountId: account.id });
  const b = await loggedInClient(t, { username: 'bert', accountId: account.id });
  return { account, a, b };
}

const SECRET = 'Secret vigil 9Z';

describe("GET /api/account/history: a colleague's reservations", () => {
  it("shows a member another member's reservation events without their names; the owner and an admin see them", async () => {
    const { account, a, b } = await colleagues();
    const res = await reserveDays(t, b.client, 10, 2, SECRET);

    const annas = await historyOf(a.client);
    expect(JSON.stringify(annas)).not.toContain(SECRET);
    expect(JSON.stringify(annas)).not.toContain(res.first);
    expect(annas).toEqual([
      {
        id: expect.any(Number),
        kind: 'reservation_requested',
        summary: 'A reservation by another member of your account was requested.',
        createdAt: expect.any(String),
        username: 'bert',
        reservationId: null,
        documentId: null,
      },
    ]);

    const berts = await historyOf(b.client);
    expect(berts).toHaveLength(1);
    expect(berts[0]!.summary).toContain(SECRET);
    expect(berts[0]!.reservationId).toBe(res.id);

    const { client: admin } = await adminClient(t);
    const adminView = await historyOf(admin, `?accountId=${account.id}`);
    expect(adminView[0]!.summary).toContain(SECRET);
  });

  it("redacts every kind about the colleague's reservation, also after it is deleted, but not the viewer's own", async () => {
    const { account, a, b } = await colleagues();
    const { client: admin } = await adminClient(t);
    const hers = await reserveDays(t, a.client, 10, 2, 'Anna open day');
    const his = await reserveDays(t, b.client, 20, 2, SECRET);
    expect(
      (
        await b.client.put(`/api/reservations/${his.id}/details`, {
          eventName: `${SECRET} II`,
          eventDescription: 'Changed',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/reservations/${his.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    // A payment event of his reservation (as the webhook records it: by its owner).
    await t.db.insert(accountEvents).values({
      accountId: account.id,
      userId: b.user.id,
      kind: 'payment_received',
      summary: `Payment received: $100.00 for ${SECRET} II (${his.first} to ${his.last})`,
      reservationId: his.id,
    });
    expect((await b.client.patch(`/api/reservations/${his.id}/cancel`)).statusCode).toBe(200);
    // Both reservations cancelled and deleted by the house: the rows are gone.
    expect((await a.client.patch(`/api/reservations/${hers.id}/cancel`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${his.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${hers.id}`)).statusCode).toBe(200);

    const annas = await historyOf(a.client);
    expect(JSON.stringify(annas)).not.toContain(SECRET);
    expect(annas.map((e) => [e.kind, e.summary])).toEqual([
      ['reservation_deleted', expect.stringContaining('Anna open day')],
      ['reservation_deleted', redactedSummary('reservation_deleted')],
      ['reservation_cancelled', expect.stringContaining('Anna open day')],
      ['reservation_cancelled', redactedSummary('reservation_cancelled')],
      ['payment_received', "A payment for another member's reservation was received."],
      ['reservation_approved', redactedSummary('reservation_approved')],
      ['reservation_edited', redactedSummary('reservation_edited')],
      ['reservation_requested', redactedSummary('reservation_requested')],
      ['reservation_requested', expect.stringContaining('Anna open day')],
    ]);
    expect(redactedSummary('reservation_approved')).toBe(
      'A reservation by another member of your account was approved.',
    );

    // Bert sees his own in full, Anna's redacted.
    const berts = await historyOf(b.client);
    expect(JSON.stringify(berts)).not.toContain('Anna open day');
    expect(berts.filter((e) => e.summary.includes(SECRET))).toHaveLength(6);
  });

  it('a reservation event the viewer caused is never redacted, even when the owner is unknown', async () => {
    const { account, a } = await colleagues();
    await t.db.insert(accountEvents).values({
      accountId: account.id,
      userId: a.user.id,
      kind: 'reservation_cancelled',
      summary: 'Reservation cancelled: Old retreat (2020-01-01 to 2020-01-02)',
      reservationId: 999_999,
    });
    await t.db.insert(accountEvents).values({
      accountId: account.id,
      userId: null,
      kind: 'payment_refunded',
      summary: 'Refund: $10.00 for Someone else (2020-01-01 to 2020-01-02)',
      reservationId: 999_998,
      documentId: 5,
    });
    const annas = await historyOf(a.client);
    expect(annas.map((e) => e.summary)).toEqual([
      "A payment for another member's reservation was refunded.",
      'Reservation cancelled: Old retreat (2020-01-01 to 2020-01-02)',
    ]);
    expect(annas[0]!.documentId).toBeNull();
  });
});

describe('GET /api/account/history: what changed', () => {
  it('a reservation edit names the changes, without quoting the texts', async () => {
    const { b } = await colleagues();
    const first = await reserveDays(t, b.client, 10, 3, 'Spring retreat');
    const id = first.id;
    await b.client.put(`/api/reservations/${id}/details`, {
      eventName: 'Spring retreat',
      eventDescription: 'Youth group weekend',
      additionalInfo: 'Late arrival',
    });
    const edited = await b.client.put(`/api/reservations/${id}/details`, {
      eventName: 'Spring prayer retreat',
      eventDescription: 'A quiet weekend of prayer',
      additionalInfo: null,
    });
    expect(edited.statusCode).toBe(200);
    await b.client.put(`/api/reservations/${id}/details`, {
      eventName: 'Spring prayer retreat',
      eventDescription: 'A quiet weekend of prayer',
    });
    const stay = `(${first.first} to ${first.last})`;
    expect((await historyOf(b.client)).slice(0, 3).map((e) => e.summary)).toEqual([
      `Reservation details edited: Spring prayer retreat ${stay}. No changes.`,
      `Reservation details edited: Spring retreat ${stay}. Event name changed from “Spring retreat” to “Spring prayer retreat”; description changed; additional information removed.`,
      `Reservation details edited: Spring retreat ${stay}. Additional information added.`,
    ]);
  });

  it('a profile update names the changes; the same profile saved again says so', async () => {
    const { a } = await colleagues();
    await a.client.put('/api/account/profile', {
      primaryContactFullName: 'Ann Smith',
      primaryContactPhoneNumber: '555-0100',
      responsiblePersons: [{ fullName: 'Carl Weiss' }],
    });
    await a.client.put('/api/account/profile', {
      primaryContactFullName: 'Ann Jones',
      primaryContactPhoneNumber: '555-0199',
      responsiblePersons: [{ fullName: 'Bob Jones' }],
    });
    await a.client.put('/api/account/profile', { primaryContactFullName: 'Ann Jones' });
    const summaries = (await historyOf(a.client)).map((e) => e.summary);
    expect(summaries).toEqual([
      'Account profile updated: no changes.',
      'Account profile updated: primary contact name changed from Ann Smith to Ann Jones; primary contact phone number changed; responsible person Bob Jones added; responsible person Carl Weiss removed.',
      'Account profile updated: primary contact name set to Ann Smith; primary contact phone number added; responsible person Carl Weiss added.',
    ]);
    expect(summaries.join(' ')).not.toContain('555-01');
  });
});
