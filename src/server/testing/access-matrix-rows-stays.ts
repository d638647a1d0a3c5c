/**
 * The access-control matrix's rows for a group's stay: the agreement, the
 * questionnaire, the checklist, and the attendees' link, list and public page.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/open.js';
import { agreements, attendeeLinks, attendees, questionnaires } from '../db/schema.js';
import type { TestContext } from './harness.js';
import { everyone, json, loggedIn, type Row } from './access-matrix-table.js';
import { operationsRows } from './access-matrix-rows-operations.js';

/** resA's attendee link and one attendee, for the rows below. */
export async function seedAttendees(db: Db, reservationId: number) {
  const attendeeToken = 'attendee-link-of-res-a-0123456789abcdef';
  await db
    .insert(attendeeLinks)
    .values({ reservationId, token: attendeeToken, createdAt: new Date() });
  const [attendee] = await db
    .insert(attendees)
    .values({ reservationId, name: 'Ruth of Alpha', createdAt: new Date() })
    .returning();
  return { attendeeToken, attendeeA: attendee!.id };
}

export function stayRows(t: TestContext): Row[] {
  return [
    // --- the group's stay: agreement and questionnaire ---
    {
      route: 'POST /api/reservations/:id/agreement',
      call: (fx) =>
        json('POST', `/api/reservations/${fx.resAPaid}/agreement`, { fullName: 'Anna Alpha' }),
      // The leader accepts; nobody else, not even the staff, signs for a group.
      expect: loggedIn(201, 404, 404),
      check: async ({ res, fx }) => {
        const [row] = await t.db
          .select()
          .from(agreements)
          .where(eq(agreements.reservationId, fx.resAPaid));
        expect(Boolean(row)).toBe(res.statusCode === 201);
      },
    },
    {
      route: 'GET /api/reservations/:id/agreement',
      // The agreement resA's leader accepted, with the stay's terms: its leader and the staff.
      call: (fx) => json('GET', `/api/reservations/${fx.resA}/agreement`),
      expect: loggedIn(200, 404, 200),
      check: ({ res }) => {
        if (res.statusCode === 200)
          expect(res.json()).toMatchObject({ accepted: { fullName: 'Anna Alpha' } });
      },
    },
    {
      route: 'GET /api/reservations/:id/questionnaire',
      call: (fx) => json('GET', `/api/reservations/${fx.resA}/questionnaire`),
      expect: loggedIn(200, 404, 200),
    },
    {
      route: 'PUT /api/reservations/:id/questionnaire',
      call: (fx) => json('PUT', `/api/reservations/${fx.resA}/questionnaire`, { finalGuests: 9 }),
      expect: loggedIn(200, 404, 200),
      // Saved when allowed (the leader's as a draft, the staff's as the count); kept out otherwise.
      check: async ({ res, fx }) => {
        const [saved] = await t.db
          .select()
          .from(questionnaires)
          .where(eq(questionnaires.reservationId, fx.resA));
        expect(saved?.finalGuests ?? null).toBe(res.statusCode === 200 ? 9 : null);
      },
    },

    {
      route: 'POST /api/reservations/:id/questionnaire/submit',
      // resA has no final count yet: its leader and the staff are told to give one.
      call: (fx) => json('POST', `/api/reservations/${fx.resA}/questionnaire/submit`),
      expect: loggedIn(400, 404, 400),
    },
    {
      route: 'GET /api/reservations/:id/checklist',
      call: (fx) => json('GET', `/api/reservations/${fx.resA}/checklist`),
      expect: loggedIn(200, 404, 200),
    },

    // --- attendees: the leader's link, the list, and the public page behind the link ---
    {
      route: 'POST /api/reservations/:id/attendee-link',
      call: (fx) => json('POST', `/api/reservations/${fx.resA}/attendee-link`),
      expect: loggedIn(200, 404, 404),
      check: ({ res, fx }) => {
        if (res.statusCode === 200)
          expect(res.json()).toEqual({ url: `/stay/${fx.attendeeToken}` });
      },
    },
    {
      route: 'POST /api/reservations/:id/attendee-link/rotate',
      call: (fx) => json('POST', `/api/reservations/${fx.resA}/attendee-link/rotate`),
      expect: loggedIn(200, 404, 404),
      check: async ({ res, fx }) => {
        const [link] = await t.db
          .select()
          .from(attendeeLinks)
          .where(eq(attendeeLinks.reservationId, fx.resA));
        expect(link!.token === fx.attendeeToken).toBe(res.statusCode !== 200);
      },
    },
    {
      route: 'GET /api/reservations/:id/attendees',
      call: (fx) => json('GET', `/api/reservations/${fx.resA}/attendees`),
      expect: loggedIn(200, 404, 200),
    },
    {
      route: 'DELETE /api/reservations/:id/attendees/:attendeeId',
      call: (fx) => json('DELETE', `/api/reservations/${fx.resA}/attendees/${fx.attendeeA}`),
      expect: loggedIn(204, 404, 204),
      check: async ({ res, fx }) => {
        const rows = await t.db.select().from(attendees).where(eq(attendees.id, fx.attendeeA));
        expect(rows).toHaveLength(res.statusCode === 204 ? 0 : 1);
      },
    },
    {
      route: 'GET /api/attendee/:token',
      call: (fx) => json('GET', `/api/attendee/${fx.attendeeToken}`),
      // Whoever holds the link sees the stay's name and dates, and nothing else of A's.
      expect: everyone(200),
      linkShows: ['eventName'],
      check: ({ res }) =>
        expect(Object.keys(res.json() as object).sort()).toEqual([
          'endDate',
          'eventName',
          'houseName',
          'startDate',
        ]),
    },
    {
      route: 'GET /api/attendee/:token',
      variant: 'an unknown link',
      call: () => json('GET', '/api/attendee/no-such-link-0123456789'),
      expect: everyone(404),
    },
    {
      route: 'POST /api/attendee/:token',
      call: (fx) => json('POST', `/api/attendee/${fx.attendeeToken}`, { name: 'Boaz' }),
      expect: everyone(201),
    },
    {
      route: 'POST /api/attendee/:token',
      variant: 'an unknown link',
      call: () => json('POST', '/api/attendee/no-such-link-0123456789', { name: 'Boaz' }),
      expect: everyone(404),
    },
    ...operationsRows(t),
  ];
}
