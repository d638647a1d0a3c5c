// Attendees without accounts (docs/stays.md): the leader's link, rotated at
// will; strangers with it learn the stay's name, dates and the house only and
// add a name; nothing crosses to another church; the house's maximum holds.
import { describe, expect, it } from 'vitest';
import { attendees } from '../../db/schema.js';
import { adminClient, memberWithAccount, TestClient } from '../../testing/harness.js';
import { addDays, todayIn } from '../../../shared/dates.js';
import { GROUP_PRICING, TZ, useGroupHouse } from './stays.testing.js';

const { t, request } = useGroupHouse();

const stranger = () => new TestClient(t.app);
const tokenOf = (url: string) => url.replace(/^\/stay\//, '');

describe('the attendee link', () => {
  it('is the same link until rotated; the old one then answers 404 to reading and writing', async () => {
    const { client, reservation, first, last } = await request();
    const id = reservation.id;
    const made = await client.post(`/api/reservations/${id}/attendee-link`);
    expect(made.statusCode, made.body).toBe(200);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^\/stay\/[A-Za-z0-9_-]{20,}$/);
    expect((await client.post(`/api/reservations/${id}/attendee-link`)).json().url).toBe(url);

    const visitor = stranger();
    const seen = await visitor.get(`/api/attendee/${tokenOf(url)}`);
    expect(seen.statusCode).toBe(200);
    // Nothing private: the stay's name, its dates and the house, no more.
    expect(seen.json()).toEqual({
      eventName: 'Youth retreat',
      startDate: first,
      endDate: last,
      houseName: expect.any(String),
    });
    const added = await visitor.post(`/api/attendee/${tokenOf(url)}`, {
      name: '  서지민 ',
      diet: 'vegetarian',
      notes: 'Arrives Saturday',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(JSON.stringify(added.json())).not.toMatch(/Saint-Éloi|anna|price|Cents/i);
    expect((await client.get(`/api/reservations/${id}/attendees`)).json()).toEqual([
      { id: expect.any(Number), name: '서지민', diet: 'vegetarian', notes: 'Arrives Saturday' },
    ]);

    const rotated = (await client.post(`/api/reservations/${id}/attendee-link/rotate`)).json();
    expect(rotated.url).not.toBe(url);
    expect((await visitor.get(`/api/attendee/${tokenOf(url)}`)).statusCode).toBe(404);
    expect((await visitor.post(`/api/attendee/${tokenOf(url)}`, { name: 'Late' })).statusCode).toBe(
      404,
    );
    expect((await visitor.get(`/api/attendee/${tokenOf(rotated.url)}`)).statusCode).toBe(200);
    expect((await visitor.get('/api/attendee/not-a-token')).statusCode).toBe(404);
  });

  it('refuses a missing name, takes no more than the house’s maximum, and closes with the stay', async () => {
    const { client, reservation } = await request();
    const id = reservation.id;
    const token = tokenOf((await client.post(`/api/reservations/${id}/attendee-link`)).json().url);
    const visitor = stranger();
    for (const bad of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 3 }]) {
      const res = await visitor.post(`/api/attendee/${token}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const max = GROUP_PRICING.group!.maximumGuests;
    await t.db.insert(attendees).values(
      Array.from({ length: max - 1 }, (_, i) => ({
        reservationId: id,
        name: `Guest ${i}`,
        createdAt: new Date(),
      })),
    );
    expect((await visitor.post(`/api/attendee/${token}`, { name: 'Last place' })).statusCode).toBe(
      201,
    );
    const full = await visitor.post(`/api/attendee/${token}`, { name: 'One too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'attendees_full' });
    expect((await client.get(`/api/reservations/${id}/attendees`)).json()).toHaveLength(max);

    expect((await client.patch(`/api/reservations/${id}/cancel`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/attendee/${token}`)).statusCode).toBe(404);
    const closed = await client.post(`/api/reservations/${id}/attendee-link/rotate`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('not_holding');
  });

  it('keeps each church’s attendees to itself; the leader and the staff remove them', async () => {
    const { client, reservation } = await request();
    const id = reservation.id;
    const token = tokenOf((await client.post(`/api/reservations/${id}/attendee-link`)).json().url);
    await stranger().post(`/api/attendee/${token}`, { name: 'Ruth' });
    await stranger().post(`/api/attendee/${token}`, { name: 'Naomi' });
    const [ruth, naomi] = (await client.get(`/api/reservations/${id}/attendees`)).json();

    const { client: bob } = await memberWithAccount(t, 'bob');
    expect((await bob.get(`/api/reservations/${id}/attendees`)).statusCode).toBe(404);
    expect((await bob.delete(`/api/reservations/${id}/attendees/${ruth.id}`)).statusCode).toBe(404);
    expect((await bob.post(`/api/reservations/${id}/attendee-link`)).statusCode).toBe(404);
    expect((await bob.post(`/api/reservations/${id}/attendee-link/rotate`)).statusCode).toBe(404);
    // An attendee of this stay is not one of another stay's.
    const day = addDays(todayIn(TZ), 120);
    const bobs = await bob.post('/api/reservations', {
      startTime: `${day}T00:00:00.000Z`,
      endTime: `${addDays(day, 1)}T23:59:59.999Z`,
      eventName: 'Other',
      eventDescription: 'x',
    });
    expect(bobs.statusCode, bobs.body).toBe(201);
    const otherId = bobs.json().id as number;
    expect((await bob.delete(`/api/reservations/${otherId}/attendees/${ruth.id}`)).statusCode).toBe(
      404,
    );
    expect((await bob.get(`/api/reservations/${otherId}/attendees`)).json()).toEqual([]);

    expect((await client.delete(`/api/reservations/${id}/attendees/${ruth.id}`)).statusCode).toBe(
      204,
    );
    const { client: admin } = await adminClient(t);
    expect((await admin.get(`/api/reservations/${id}/attendees`)).json()).toEqual([naomi]);
    expect((await admin.delete(`/api/reservations/${id}/attendees/${naomi.id}`)).statusCode).toBe(
      204,
    );
    expect((await admin.delete(`/api/reservations/${id}/attendees/${naomi.id}`)).statusCode).toBe(
      404,
    );
    expect((await client.get(`/api/reservations/${id}/attendees`)).json()).toEqual([]);
  });
});
