// The questionnaire's draft binds nothing (docs/stays.md, "The questionnaire"):
// a leader's save keeps every answer, names not yet in a room included, and
// changes no price, invoice, mail or count the house holds; sending it gives
// the final count, which prices the stay and may be sent again until its due
// day; the staff's save gives it at once; the kitchen marks a draft's answers.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, mailOutbox } from '../../db/schema.js';
import { useGroupHouse } from './stays.testing.js';

const { t, request, approved, mine, setDaysBefore } = useGroupHouse();

const invoicesOf = (id: number) =>
  t.db
    .select()
    .from(documents)
    .where(and(eq(documents.kind, 'invoice'), eq(documents.reservationId, id)));
const invoiceMails = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invoice'));

describe('a draft of the questionnaire', () => {
  it('keeps names not yet in a room through a save and a reload', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approved(reservation.id);
    const url = `/api/reservations/${reservation.id}/questionnaire`;
    const saved = await client.put(url, {
      rooming: [{ roomId: 'cedar', names: ['Anna Lee'] }],
      unplaced: ['Ben Carter', ' Chloe Diaz '],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await client.get(url)).json();
    expect(read).toMatchObject({
      rooming: [{ roomId: 'cedar', names: ['Anna Lee'] }],
      unplaced: ['Ben Carter', 'Chloe Diaz'],
    });
    // A name both placed and waiting, or waiting twice, is refused with its place.
    const twice = await client.put(url, {
      rooming: [{ roomId: 'cedar', names: ['Anna Lee'] }],
      unplaced: ['anna lee', 'Ben', 'ben'],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues).toEqual([
      { path: 'body.unplaced.0', message: 'anna lee is already placed in Cedar Room.' },
      { path: 'body.unplaced.2', message: 'ben is on the list twice.' },
    ]);
    expect((await client.get(url)).json().unplaced).toEqual(['Ben Carter', 'Chloe Diaz']);
  });

  it('binds nothing: no price, invoice, mail or final count until it is sent', async () => {
    const { client, reservation, first } = await request({ guests: 20 });
    const admin = await approved(reservation.id);
    const id = reservation.id;
    const kitchenStays = async () =>
      (await admin.get(`/api/admin/kitchen/stays?from=${first}&to=${first}`)).json();
    const url = `/api/reservations/${id}/questionnaire`;
    const before = await mine(client, id);
    const mailsBefore = (await invoiceMails()).length;

    const draft = await client.put(url, { finalGuests: 14, diets: { vegan: 2 } });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      finalGuests: 14,
      sentFinalGuests: null,
      unsent: true,
      submittedAt: null,
    });
    expect(await mine(client, id)).toMatchObject({
      finalGuests: null,
      priceCents: before.priceCents,
    });
    expect(await invoicesOf(id)).toHaveLength(0);
    expect(await invoiceMails()).toHaveLength(mailsBefore);
    // The kitchen counts the estimate and marks the draft's answers.
    const [stay] = await kitchenStays();
    expect(stay).toMatchObject({ guests: 20, finalCount: false, answers: 'draft' });

    // Sent: the count the house holds, the price, an invoice and its mail.
    const sent = await client.post(`${url}/submit`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ finalGuests: 14, sentFinalGuests: 14, unsent: false });
    const priceFor14 = 2 * 14 * 6500 + 3 * 14 * 3500;
    expect(await mine(client, id)).toMatchObject({ finalGuests: 14, priceCents: priceFor14 });
    expect(await invoicesOf(id)).toHaveLength(1);
    expect(await invoiceMails()).toHaveLength(mailsBefore + 1);
    const [sentStay] = await kitchenStays();
    expect(sentStay).toMatchObject({ guests: 14, finalCount: true, answers: 'sent' });

    // Changed again: a draft once more, the house keeps 14 until it is sent again.
    await client.put(url, { finalGuests: 16 });
    expect((await client.get(url)).json()).toMatchObject({
      finalGuests: 16,
      sentFinalGuests: 14,
      unsent: true,
    });
    expect(await mine(client, id)).toMatchObject({ finalGuests: 14, priceCents: priceFor14 });
    const again = await client.post(`${url}/submit`);
    expect(again.statusCode, again.body).toBe(200);
    expect(await mine(client, id)).toMatchObject({
      finalGuests: 16,
      priceCents: 2 * 16 * 6500 + 3 * 16 * 3500,
    });
    expect(await invoicesOf(id)).toHaveLength(2);
  });

  it('after the due day the leader can neither change the count nor send it; the staff can', async () => {
    const { client, reservation, first } = await request({ guests: 20, offset: 30 });
    const admin = await approved(reservation.id);
    const url = `/api/reservations/${reservation.id}/questionnaire`;
    await client.put(url, { finalGuests: 18 });
    setDaysBefore(first, 9);
    const late = await client.post(`${url}/submit`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'final_count_closed' });
    expect(late.json().message).toMatch(/^The final count was due on /);
    const changed = await client.put(url, { finalGuests: 17 });
    expect(changed.statusCode).toBe(409);
    expect(await mine(client, reservation.id)).toMatchObject({ finalGuests: null });
    // The staff's save gives the count at once, with its invoice.
    const byHouse = await admin.put(url, { finalGuests: 17 });
    expect(byHouse.statusCode, byHouse.body).toBe(200);
    expect(byHouse.json()).toMatchObject({ finalGuests: 17, sentFinalGuests: 17 });
    expect(await mine(client, reservation.id)).toMatchObject({ finalGuests: 17 });
    expect(await invoicesOf(reservation.id)).toHaveLength(1);
  });
});
