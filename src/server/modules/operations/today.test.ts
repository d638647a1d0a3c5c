// What needs the staff today (docs/house-operations.md): waiting requests and
// people, the stays arriving in the next 14 days with their checklists, the
// stays with something overdue, and failed mail.
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { mailOutbox, reservations } from '../../db/schema.js';
import { createUser } from '../../testing/harness.js';
import { useOperationsHouse } from './operations.testing.js';

const { t, people, stay, setStatus, day } = useOperationsHouse();

describe('GET /api/admin/today', () => {
  it('lists arrivals within 14 days with their checklists, and what is overdue', async () => {
    const { admin, anna, minjun } = await people();
    const soon = await stay(anna, day(5), day(7), { name: 'Choir weekend' });
    const edge = await stay(minjun, day(14), day(14), { name: 'Elders day' });
    const later = await stay(minjun, day(15), day(16), { name: 'Too late to list' });
    const waiting = await stay(anna, day(30), day(31), { name: 'Still pending' });
    for (const id of [soon, edge, later]) await setStatus(admin, id, 'approved');
    await createUser(t.db, { username: 'newcomer', status: 'pending' });

    const res = await admin.get('/api/admin/today');
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json();
    expect(today).toMatchObject({
      today: day(0),
      pendingReservations: 1,
      pendingUsers: 1,
      failedMail: 0,
    });
    expect(today.arriving.map((s: { id: number }) => s.id)).toEqual([soon, edge]);
    const choir = today.arriving[0];
    expect(choir).toMatchObject({
      eventName: 'Choir weekend',
      accountName: 'Église Saint-Éloi',
      username: 'anna',
      firstDay: day(5),
      guests: 20,
    });
    // Five days before arrival the questionnaire (10 days) and the balance (14) are overdue.
    const items = Object.fromEntries(
      choir.items.map((i: { item: string; done: boolean; dueDate: string }) => [i.item, i]),
    );
    expect(items.questionnaire).toEqual({ item: 'questionnaire', done: false, dueDate: day(-5) });
    expect(items.balance).toEqual({ item: 'balance', done: false, dueDate: day(-9) });
    expect(today.overdue.map((s: { id: number }) => s.id)).toEqual([soon]);
    expect(today.arriving.concat(today.overdue).map((s: { id: number }) => s.id)).not.toContain(
      waiting,
    );
  });

  it('drops a stay from the overdue list once its items are done, and counts failed mail', async () => {
    const { admin, anna } = await people();
    const id = await stay(anna, day(3), day(3), { guests: 12 });
    await setStatus(admin, id, 'approved');
    const put = await admin.put(`/api/reservations/${id}/questionnaire`, { finalGuests: 12 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await admin.post(`/api/reservations/${id}/questionnaire/submit`)).statusCode).toBe(200);
    const before = (await admin.get('/api/admin/today')).json();
    const overdueItems = before.overdue[0].items
      .filter(
        (i: { done: boolean; dueDate: string | null }) =>
          !i.done && i.dueDate && i.dueDate < day(0),
      )
      .map((i: { item: string }) => i.item);
    expect(overdueItems).not.toContain('questionnaire');
    expect(overdueItems).toContain('balance');

    await t.db.insert(mailOutbox).values({
      kind: 'test',
      toAddress: 'someone@example.org',
      subject: 'Hello',
      textBody: 'Hello',
      messageId: '<failed-one@example.org>',
      status: 'failed',
    });
    expect((await admin.get('/api/admin/today')).json().failedMail).toBe(1);
  });

  it('lists a late deposit up to a year ahead, not beyond (the mail still reminds it)', async () => {
    const { admin, anna, minjun } = await people();
    const withinYear = await stay(anna, day(300), day(301));
    const beyond = await stay(minjun, day(400), day(401));
    for (const id of [withinYear, beyond]) await setStatus(admin, id, 'approved');
    // Approved a month ago: the deposit fell due a week after that.
    await t.db
      .update(reservations)
      .set({ approvedAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(inArray(reservations.id, [withinYear, beyond]));
    const today = (await admin.get('/api/admin/today')).json();
    expect(today.overdue.map((s: { id: number }) => s.id)).toEqual([withinYear]);
  });
});
