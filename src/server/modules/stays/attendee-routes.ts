import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendeeBody,
  attendeeLinkSchema,
  attendeeParams,
  attendeeSchema,
  attendeeStaySchema,
  errorResponses,
  idParam,
  messageResponse,
  tokenParam,
} from '../../../shared/schemas/index.js';
import { currentUser, requireUser } from '../../plugins/auth-guards.js';
import type { createAttendees } from './attendees.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The attendees' link and page (docs/stays.md, "Attendees"). */
export async function attendeeRoutes(
  app: FastifyInstance,
  o: { attendees: ReturnType<typeof createAttendees> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.authRateLimits.byAddress('attendee');

  r.post('/api/reservations/:id/attendee-link', {
    schema: {
      tags: ['stays'],
      summary: "My stay's link for attendees to give their names (made on first ask)",
      params: idParam,
      response: { 200: attendeeLinkSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => o.attendees.link(request.params.id, currentUser(request)),
  });

  r.post('/api/reservations/:id/attendee-link/rotate', {
    schema: {
      tags: ['stays'],
      summary: "A new link for my stay's attendees; the old one stops working",
      params: idParam,
      response: { 200: attendeeLinkSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => o.attendees.rotate(request.params.id, currentUser(request)),
  });

  r.get('/api/reservations/:id/attendees', {
    schema: {
      tags: ['stays'],
      summary: 'The attendees who gave their names for a stay (owner or admin)',
      params: idParam,
      response: { 200: z.array(attendeeSchema), ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => o.attendees.list(request.params.id, currentUser(request)),
  });

  r.delete('/api/reservations/:id/attendees/:attendeeId', {
    schema: {
      tags: ['stays'],
      summary: "Remove an attendee from a stay's list (owner or admin)",
      params: attendeeParams,
      response: { 204: z.null(), ...errors },
    },
    preValidation: requireUser,
    handler: async (request, reply) => {
      await o.attendees.remove(request.params.id, request.params.attendeeId, currentUser(request));
      return reply.status(204).send(null);
    },
  });

  r.get('/api/attendee/:token', {
    schema: {
      tags: ['stays'],
      summary: "The stay behind an attendee's link: its name, dates and the house, nothing else",
      params: tokenParam,
      response: { 200: attendeeStaySchema, ...errors },
    },
    // Not limited: a token is 192 random bits, and a group on one network opens the page often.
    handler: async (request) => o.attendees.stay(request.params.token),
  });

  r.post('/api/attendee/:token', {
    schema: {
      tags: ['stays'],
      summary: "Give my name (and diet) to my group's stay through the leader's link",
      params: tokenParam,
      body: attendeeBody,
      response: { 201: messageResponse, ...errors },
    },
    preHandler: limit,
    handler: async (request, reply) =>
      reply.status(201).send(await o.attendees.add(request.params.token, request.body)),
  });
}
