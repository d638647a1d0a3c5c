import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { etagOf } from '../../plugins/etag.js';
import { z } from 'zod';
import {
  adminReservationSchema,
  adminReservationsQuery,
  calendarEntrySchema,
  calendarQuery,
  cancellationQuoteSchema,
  createReservationBody,
  errorResponse,
  errorResponses,
  idParam,
  messageResponse,
  myReservationsQuery,
  publicCalendarEntrySchema,
  reservationCountsQuery,
  reservationCountsSchema,
  reservationMemberSchema,
  reservationMembersQuery,
  reservationDetailsBody,
  reservationSchema,
  statusChangeBody,
} from '../../../shared/schemas/index.js';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth-guards.js';
import {
  presentOtherReserved,
  presentPublicEntry,
  type ReservationPresenters,
} from './presenter.js';
import type { ReservationsService } from './service.js';
import { pagedAnswer } from '../../paged-answer.js';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

export async function reservationsRoutes(
  app: FastifyInstance,
  { reservations, present }: { reservations: ReservationsService; present: ReservationPresenters },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reservation: presentReservation, adminReservation: presentAdminReservation } = present;

  r.get('/api/reservations/public-calendar', {
    // Public and cacheable: it never sets a cookie, and a repeat gets 304 (docs/operations.md).
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['reservations'],
      summary: 'Reserved days of a month, for everyone (dates only)',
      querystring: calendarQuery,
      response: { 200: z.array(publicCalendarEntrySchema), 400: errorResponse },
    },
    handler: async (request, reply) => {
      const { year, month } = request.query;
      const { json, etag } = await reservations.publicCalendarJson(year, month, async () => {
        const body = JSON.stringify(
          (await reservations.publicCalendar(year, month)).map(presentPublicEntry),
        );
        return { json: body, etag: etagOf(body) };
      });
      // Already serialized (and shaped by the presenter), its ETag with it: sent as it is.
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=5')
        .header('etag', etag)
        .send(json as never);
    },
  });

  r.get('/api/reservations/calendar', {
    schema: {
      tags: ['reservations'],
      summary: "A member's month: own reservations in full, others' days as otherReserved",
      querystring: calendarQuery,
      response: { 200: z.array(calendarEntrySchema), ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => {
      const { own, others } = await reservations.calendar(
        currentUser(request),
        request.query.year,
        request.query.month,
      );
      return [...own.map(presentReservation), ...others.map(presentOtherReserved)];
    },
  });

  r.get('/api/reservations/my-reservations', {
    schema: {
      tags: ['reservations'],
      summary:
        'My reservations, by start (order=newest: latest first); filter by status (several: pending,approved), endedBefore (the past stays), paymentStatus and ids; page with limit/offset',
      querystring: myReservationsQuery,
      response: { 200: z.array(reservationSchema), ...errors },
    },
    preValidation: requireUser,
    handler: async (request, reply) => {
      const { items, total } = await reservations.listMine(currentUser(request), request.query);
      return pagedAnswer(reply, request.query, items.map(presentReservation), total);
    },
  });

  r.get('/api/reservations/my-reservations/counts', {
    schema: {
      tags: ['reservations'],
      summary: 'How many of my reservations have each status (the tabs of My Reservations)',
      response: { 200: reservationCountsSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => reservations.countMine(currentUser(request)),
  });

  r.get('/api/reservations', {
    schema: {
      tags: ['reservations'],
      summary:
        'All reservations with their church, by start; filtered by status (several: pending,approved), user, church, days; paged with limit/offset (admin)',
      querystring: adminReservationsQuery,
      response: { 200: z.array(adminReservationSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { items, total } = await reservations.list(request.query);
      return pagedAnswer(reply, request.query, items.map(presentAdminReservation), total);
    },
  });

  r.get('/api/reservations/counts', {
    schema: {
      tags: ['reservations'],
      summary:
        'How many reservations have each status, with the filters of the list but the status (admin)',
      querystring: reservationCountsQuery,
      response: { 200: reservationCountsSchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => reservations.counts(request.query),
  });

  r.get('/api/reservations/members', {
    schema: {
      tags: ['reservations'],
      summary:
        'The members who have a reservation, of one church with accountId, by username (admin)',
      querystring: reservationMembersQuery,
      response: { 200: z.array(reservationMemberSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => reservations.members(request.query.accountId),
  });

  r.post('/api/reservations', {
    schema: {
      tags: ['reservations'],
      summary: 'Request days; the reservation starts pending',
      body: createReservationBody,
      response: { 201: reservationSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request, reply) => {
      const created = await reservations.create(currentUser(request).id, request.body);
      return reply.status(201).send(presentReservation(created));
    },
  });

  r.patch('/api/reservations/:id/cancel', {
    schema: {
      tags: ['reservations'],
      summary: 'Cancel my pending or approved reservation; what was paid is refunded by the policy',
      params: idParam,
      response: { 200: reservationSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      presentReservation(await reservations.cancelOwn(request.params.id, currentUser(request))),
  });

  r.get('/api/reservations/:id/cancellation-quote', {
    schema: {
      tags: ['reservations'],
      summary: 'What cancelling now would refund, by the cancellation policy (owner or admin)',
      params: idParam,
      response: { 200: cancellationQuoteSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      reservations.cancellationQuote(request.params.id, currentUser(request)),
  });

  r.patch('/api/reservations/:id/status', {
    schema: {
      tags: ['reservations'],
      summary:
        'Approve, reject or cancel a reservation (admin); rejecting or cancelling refunds what was paid',
      params: idParam,
      body: statusChangeBody,
      response: { 200: reservationSchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) =>
      presentReservation(
        await reservations.changeStatus(currentUser(request).id, request.params.id, request.body),
      ),
  });

  r.put('/api/reservations/:id/details', {
    schema: {
      tags: ['reservations'],
      summary: 'Edit event name, description and additional information',
      params: idParam,
      body: reservationDetailsBody,
      response: { 200: reservationSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      presentReservation(
        await reservations.updateDetails(request.params.id, currentUser(request), request.body),
      ),
  });

  r.delete('/api/reservations/:id', {
    schema: {
      tags: ['reservations'],
      summary: 'Delete a cancelled or rejected reservation (admin)',
      params: idParam,
      response: { 200: messageResponse, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => {
      await reservations.remove(currentUser(request).id, request.params.id);
      return { message: 'Reservation deleted.' };
    },
  });
}
