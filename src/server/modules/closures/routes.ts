import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClosureSchema,
  calendarQuery,
  closureSchema,
  createClosureBody,
  errorResponse,
  errorResponses,
  idParam,
  messageResponse,
} from '../../../shared/schemas/index.js';
import { currentUser, requireAdmin } from '../../plugins/auth-guards.js';
import type { ClosuresService } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

/** Days the house is closed (docs/calendar.md): public by label, managed by the staff. */
export async function closuresRoutes(
  app: FastifyInstance,
  { closures }: { closures: ClosuresService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/closures', {
    // Cacheable by anyone: it never sets a cookie (no XSRF-TOKEN on it).
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['closures'],
      summary: 'Closed days of a month, by their public label (never the reason)',
      querystring: calendarQuery,
      response: { 200: z.array(closureSchema), 400: errorResponse },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=5');
      return closures.month(request.query.year, request.query.month);
    },
  });

  r.get('/api/closures/all', {
    schema: {
      tags: ['closures'],
      summary: 'Recent, current and coming closures with their reasons, by first day (admin)',
      response: { 200: z.array(adminClosureSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: () => closures.list(),
  });

  r.post('/api/closures', {
    schema: {
      tags: ['closures'],
      summary: 'Close days (admin); 409 naming the reservations that hold any of them',
      body: createClosureBody,
      response: { 201: adminClosureSchema, ...errors, 409: errorResponse },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) =>
      reply.status(201).send(await closures.create(currentUser(request).id, request.body)),
  });

  r.delete('/api/closures/:id', {
    schema: {
      tags: ['closures'],
      summary: 'Open the days of a closure again (admin)',
      params: idParam,
      response: { 200: messageResponse, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => {
      await closures.remove(request.params.id);
      return { message: 'Closure removed.' };
    },
  });
}
