import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/index.js';
import { siteNow, type LiveSite } from '../../mail/templates.js';
import { notFound } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/auth-guards.js';
import { buildPersonalCalendar, buildPublicCalendar } from './builder.js';
import type { CalendarFeedService } from './service.js';

interface Options {
  calendarFeed: CalendarFeedService;
  site: LiveSite;
  now: () => Date;
}

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const feedUrlSchema = z.object({ url: z.string() });
const tokenParams = z.object({ token: z.string() });

/** The calendar feeds (docs/calendar.md): the public one, and each user's personal one by token. */
export async function calendarFeedRoutes(
  app: FastifyInstance,
  { calendarFeed, site, now }: Options,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/calendar/public.ics', {
    schema: {
      tags: ['calendar'],
      summary: 'The public calendar feed (text/calendar): reserved days and closures, no names',
    },
    // Never a cookie: no XSRF token, no session renewed (the shared setsCookies flag).
    config: { setsCookies: false },
    handler: async (_request, reply) => {
      const ics = buildPublicCalendar(siteNow(site), await calendarFeed.publicFeed(), now());
      return reply
        .type(CALENDAR_TYPE)
        .header('cache-control', 'public, max-age=300')
        .header('content-disposition', 'inline; filename="availability.ics"')
        .send(ics);
    },
  });

  r.get('/api/calendar/feed', {
    schema: {
      tags: ['calendar'],
      summary: 'The address of my personal calendar feed (made on the first call)',
      response: { 200: feedUrlSchema, 401: errorResponse, 403: errorResponse },
    },
    preValidation: requireUser,
    handler: async (request) => ({ url: await calendarFeed.feedUrl(currentUser(request).id) }),
  });

  r.post('/api/calendar/feed/rotate', {
    schema: {
      tags: ['calendar'],
      summary: 'A new address for my personal feed; the old one answers 404 from now on',
      response: { 200: feedUrlSchema, 401: errorResponse, 403: errorResponse },
    },
    preValidation: requireUser,
    handler: async (request) => ({ url: await calendarFeed.rotate(currentUser(request).id) }),
  });

  r.get('/api/calendar/feed/:token.ics', {
    schema: {
      tags: ['calendar'],
      summary:
        "A user's personal calendar feed (text/calendar); the token in the address is its only key",
      params: tokenParams,
    },
    config: { setsCookies: false },
    // Calendar apps poll this every few minutes, and its address is a secret: not in the info log.
    logLevel: 'warn',
    handler: async (request, reply) => {
      const feed = await calendarFeed.personalFeed(request.params.token);
      if (!feed) throw notFound('No calendar feed at this address.');
      return reply
        .type(CALENDAR_TYPE)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="reservations.ics"')
        .send(buildPersonalCalendar(siteNow(site), feed, now()));
    },
  });
}
