// A stay belongs to the church that requested it (docs/stays.md, "Whose
// stay"): moving its member to another church moves none of it. Its ledger
// entries and papers, those written after the move included, stay with that
// church, whose members see them as before; the other church's members, and
// the member who moved, see none of its money or papers.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates.js';
import { documents, ledgerEntries, mailOutbox, reservations } from '../../db/schema.js';
import { createAccount, loggedInClient, type TestClient } from '../../testing/harness.js';
import { goodCard, payInSandbox, sandboxCheckout } from '../../testing/sandbox-checkout.js';
import { useGroupHouse } from '../stays/stays.testing.js';

const { t, request, approvedAndAgreed } = useGroupHouse();

const idsOf = (list: { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);
const ofStay = <T extends { reservationId: number | null }>(list: T[], id: number) =>
  list.filter((x) => x.reservationId === id);

/** What a member's church shows them of the stay's money and papers. */
async function moneyAndPapers(client: TestClient, id: number) {
  const docs = await client.get('/api/documents');
  const ledger = await client.get('/api/payments');
  expect(docs.statusCode, docs.body).toBe(200);
  expect(ledger.statusCode, ledger.body).toBe(200);
  return {
    documents: ofStay(docs.json() as { id: number; reservationId: number | null }[], id),
    entries: ofStay(ledger.json() as { id: number; reservationId: number | null }[], id),
  };
}

describe('a stay whose member moves to another church after paying', () => {
  it('stays with the church that requested it: its money and papers too, those written after the move included', async () => {
    // anna of Saint-Éloi requests, accepts the agreement and pays the deposit.
    const { client: anna, user, account: eloi, reservation, first } = await request();
    const id = reservation.id;
    const { client: bert } = await loggedInClient(t, { username: 'bert', accountId: eloi.id });
    const notreDame = await createAccount(t.db, 'Chapelle Notre-Dame');
    const { client: clara } = await loggedInClient(t, {
      username: 'clara',
      accountId: notreDame.id,
    });
    const admin = await approvedAndAgreed(anna, id);
    await payInSandbox(anna, id, 'deposit');
    // The balance's card form, opened before the move and paid after it.
    const { token } = await sandboxCheckout(anna, id, 'balance');

    const moved = await admin.patch(`/api/users/${user.id}`, { accountId: notreDame.id });
    expect(moved.statusCode, moved.body).toBe(200);

    const paid = await anna.post('/pay/sandbox/charge', goodCard(token));
    expect(paid.statusCode, paid.body).toBe(200);
    // The staff lower the final count: an invoice and a refund with its credit note.
    const counted = await admin.put(`/api/reservations/${id}/questionnaire`, { finalGuests: 15 });
    expect(counted.statusCode, counted.body).toBe(200);

    // Every paper and ledger entry of the stay is Saint-Éloi's.
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, id));
    expect(row!.accountId).toBe(eloi.id);
    const papers = await t.db.select().from(documents).where(eq(documents.reservationId, id));
    expect(papers.map((d) => d.kind).sort()).toEqual([
      'agreement',
      'credit_note',
      'invoice',
      'receipt',
      'receipt',
    ]);
    expect(new Set(papers.map((d) => d.accountId))).toEqual(new Set([eloi.id]));
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reservationId, id));
    expect(entries.map((e) => e.kind).sort()).toEqual(['charge', 'charge', 'refund']);
    expect(new Set(entries.map((e) => e.accountId))).toEqual(new Set([eloi.id]));

    // Saint-Éloi's members see them all, as before the move.
    const seenByBert = await moneyAndPapers(bert, id);
    expect(idsOf(seenByBert.documents)).toEqual(idsOf(papers));
    expect(idsOf(seenByBert.entries)).toEqual(idsOf(entries));
    const eloiHistory = (await bert.get('/api/account/history')).json() as { kind: string }[];
    expect(eloiHistory.filter((e) => e.kind === 'payment_received')).toHaveLength(2);

    // Notre-Dame's members, and anna now of Notre-Dame, see none of its money or papers.
    for (const someone of [clara, anna]) {
      expect(await moneyAndPapers(someone, id)).toEqual({ documents: [], entries: [] });
      const history = (await someone.get('/api/account/history')).json() as {
        reservationId: number | null;
      }[];
      expect(ofStay(history, id)).toEqual([]);
    }
    // To anna it is now someone else's stay: days only, and 404 like a missing one.
    const mine = (await anna.get('/api/reservations/my-reservations')).json() as { id: number }[];
    expect(mine.map((r) => r.id)).not.toContain(id);
    const month = (
      await anna.get(
        `/api/reservations/calendar?year=${first.slice(0, 4)}&month=${Number(first.slice(5, 7))}`,
      )
    ).json() as Record<string, unknown>[];
    expect(month.some((e) => e.id === id)).toBe(false);
    expect(month).toContainEqual(expect.objectContaining({ status: 'otherReserved' }));
    for (const [method, url] of [
      ['GET', `/api/reservations/${id}/cancellation-quote`],
      ['GET', `/api/reservations/${id}/agreement`],
      ['GET', `/api/reservations/${id}/checklist`],
      ['GET', `/api/reservations/${id}/questionnaire`],
      ['GET', `/api/reservations/${id}/attendees`],
      ['POST', `/api/payments/${id}/checkout`],
      ['PATCH', `/api/reservations/${id}/cancel`],
    ] as const) {
      const res = await anna.request({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing of the stay's money was mailed to her after the move (Saint-Éloi has no contact).
    const mailed = await t.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(inArray(mailOutbox.kind, ['receipt', 'invoice', 'credit_note', 'payment_reminder']));
    expect(mailed.map((m) => m.kind)).toEqual(['receipt']);

    // The staff's lists name the stay's church.
    const eloiStays = (await admin.get(`/api/reservations?accountId=${eloi.id}`)).json() as {
      id: number;
      accountId: number;
      accountName: string;
    }[];
    expect(eloiStays).toEqual([
      expect.objectContaining({ id, accountId: eloi.id, accountName: 'Église Saint-Éloi' }),
    ]);
    expect((await admin.get(`/api/reservations?accountId=${notreDame.id}`)).json()).toEqual([]);
    expect(
      (await admin.get(`/api/reservations/members?accountId=${eloi.id}`)).json(),
    ).toContainEqual({ id: user.id, username: 'anna' });
    const churches = (await admin.get('/api/accounts')).json() as {
      id: number;
      reservations: number;
    }[];
    expect(churches.find((c) => c.id === eloi.id)!.reservations).toBe(1);
    expect(churches.find((c) => c.id === notreDame.id)!.reservations).toBe(0);

    // What anna requests now is Notre-Dame's, and hers.
    const later = addDays(first, 30);
    const next = await anna.post('/api/reservations', {
      startTime: `${later}T00:00:00.000Z`,
      endTime: `${addDays(later, 1)}T23:59:59.999Z`,
      eventName: 'Choir weekend',
      eventDescription: 'Rehearsals',
      guests: 12,
      mealPlan: null,
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ accountName: 'Chapelle Notre-Dame' });
    const after = (await anna.get('/api/reservations/my-reservations')).json() as { id: number }[];
    expect(after.map((r) => r.id)).toEqual([next.json().id]);
  });
});
