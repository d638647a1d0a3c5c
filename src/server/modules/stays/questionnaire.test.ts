// The pre-arrival questionnaire (docs/stays.md): saved as a draft (each save
// replaces the answers), refused with every problem listed, sent once the
// final count is given; only for approved stays, only for the owner and staff.
import { describe, expect, it } from 'vitest';
import { memberWithAccount } from '../../testing/harness.js';
import { useGroupHouse } from './stays.testing.js';

const { t, request, approved } = useGroupHouse();

const full = {
  finalGuests: 5,
  diets: { vegetarian: 2, glutenFree: 1 },
  dietNotes: 'One coeliac, very strict.',
  rooming: [
    { roomId: 'cedar', names: ['Anna', 'Björn'] },
    { roomId: 'oak', names: ['서지민', 'Eve'] },
  ],
  arrivalTime: '16:30',
  setup: 'Chairs in a circle, a projector.',
};

describe('the questionnaire', () => {
  it('keeps every answer, with the five diets and the rooms, and a save replaces the last', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approved(reservation.id);
    const url = `/api/reservations/${reservation.id}/questionnaire`;
    const empty = (await client.get(url)).json();
    expect(empty).toMatchObject({
      finalGuests: null,
      diets: { vegetarian: 0, vegan: 0, glutenFree: 0, dairyFree: 0, nutAllergy: 0 },
      rooming: [],
      arrivalTime: null,
      submittedAt: null,
      rooms: [
        { id: 'cedar', name: 'Cedar Room', beds: 2 },
        { id: 'oak', name: 'Oak Room', beds: 3 },
      ],
    });
    const saved = await client.put(url, full);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      finalGuests: 5,
      diets: { vegetarian: 2, vegan: 0, glutenFree: 1, dairyFree: 0, nutAllergy: 0 },
      dietNotes: 'One coeliac, very strict.',
      rooming: full.rooming,
      arrivalTime: '16:30',
      setup: 'Chairs in a circle, a projector.',
      submittedAt: null,
    });
    expect((await client.get(url)).json()).toEqual(saved.json());
    // A save replaces the answers: what it leaves out is emptied.
    const replaced = (await client.put(url, { finalGuests: 5, dietNotes: 'none' })).json();
    expect(replaced).toMatchObject({
      rooming: [],
      arrivalTime: null,
      setup: '',
      dietNotes: 'none',
    });
    expect(replaced.diets.vegetarian).toBe(0);
  });

  it('lists every problem and keeps nothing: diets over the count, unknown room, too many names, a name twice', async () => {
    const { client, reservation } = await request({ guests: 20 });
    await approved(reservation.id);
    const url = `/api/reservations/${reservation.id}/questionnaire`;
    await client.put(url, full);
    const res = await client.put(url, {
      finalGuests: 3,
      diets: { vegetarian: 4, vegan: 3 },
      rooming: [
        { roomId: 'attic', names: ['Zoe'] },
        { roomId: 'cedar', names: ['Anna', 'Björn', 'Carl'] },
        { roomId: 'oak', names: [' anna '] },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.issues.map((i: { path: string }) => i.path)).toEqual([
      'body.diets.vegetarian',
      'body.rooming.0.roomId',
      'body.rooming.1.names',
      'body.rooming.2.names.0',
    ]);
    expect(body.issues[0].message).toMatch(/more than the 3 guests/);
    expect(body.issues[2].message).toBe('Cedar Room has 2 beds, not 3.');
    expect(body.issues[3].message).toMatch(/already placed in Cedar Room/);
    // The saved answers are untouched, and so is the price.
    expect((await client.get(url)).json()).toMatchObject({ finalGuests: 5, rooming: full.rooming });
    for (const bad of [
      { arrivalTime: '25:00' },
      { arrivalTime: '4pm' },
      { diets: { vegan: -1 } },
      { diets: { vegan: 1.5 } },
      { rooming: [{ roomId: 'oak', names: [''] }] },
      { setup: 'x'.repeat(2001) },
    ]) {
      const refused = await client.put(url, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
    }
  });

  it('is sent once the final count is given, and opens only once the stay is approved', async () => {
    const { client, reservation } = await request({ guests: 20 });
    const url = `/api/reservations/${reservation.id}/questionnaire`;
    const early = await client.put(url, { finalGuests: 18 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('not_approved');
    expect((await client.post(`${url}/submit`)).json().code).toBe('not_approved');
    await approved(reservation.id);
    const without = await client.post(`${url}/submit`);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'body.finalGuests' }],
    });
    await client.put(url, { ...full, finalGuests: 18 });
    const sent = await client.post(`${url}/submit`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ finalGuests: 18, dietNotes: full.dietNotes });
    expect(Date.parse(sent.json().submittedAt)).toBeGreaterThan(Date.now() - 60_000);
    const history = (await client.get('/api/account/history')).json() as { kind: string }[];
    expect(JSON.stringify(history)).toContain('questionnaire_submitted');
  });

  it('is the owner’s and the staff’s only', async () => {
    const { reservation } = await request({ guests: 20 });
    const admin = await approved(reservation.id);
    const url = `/api/reservations/${reservation.id}/questionnaire`;
    const { client: other } = await memberWithAccount(t, 'bob');
    for (const res of [
      await other.get(url),
      await other.put(url, full),
      await other.post(`${url}/submit`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const byStaff = await admin.put(url, full);
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect((await admin.get(url)).json()).toMatchObject({ arrivalTime: '16:30' });
  });
});
