import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';
import { messages } from '../../shared/messages.js';
import { isApiPath, isSessionPath, routedPath } from './routed-path.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on a route verified otherwise (the payment provider's signed webhook). */
    csrf?: boolean;
    /**
     * Set false on a GET route whose answer must never set a cookie (the public,
     * cacheable answers and the calendar feeds, which shared caches and calendar
     * apps keep): no XSRF-TOKEN is issued on it and no session renewed.
     */
    setsCookies?: boolean;
  }
}

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF protection (docs/architecture.md §4): a readable cookie, echoed by
 * the page's script in a header on every mutating call under /api (and the
 * sandbox's charge under /pay), decided on the routed path.
 */
async function csrf(app: FastifyInstance, opts: { secureCookies: boolean }) {
  // A callback hook: every request passes it, and it never waits.
  app.addHook('onRequest', (request, reply, next) => {
    const path = routedPath(request);
    if (!isSessionPath(path)) return next();
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie && isApiPath(path) && request.routeOptions.config?.setsCookies !== false) {
      reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: opts.secureCookies,
      });
    }
    if (!MUTATING.has(request.method) || request.routeOptions.config?.csrf === false) return next();
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      return next(forbidden(messages.csrfFailed, 'csrf_failed'));
    }
    next();
  });
}

export default fp(csrf, { name: 'csrf', fastify: '5.x', dependencies: ['@fastify/cookie'] });
