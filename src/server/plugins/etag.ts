import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answers carry an `ETag` of their body, and a request whose
     * `If-None-Match` names it gets 304 with no body: a calendar page that
     * polls or comes back sends a few bytes instead of the month again.
     */
    etag?: boolean;
  }
}

/** A weak ETag of a body (a route that keeps its body may compute it once and set it). */
export const etagOf = (body: string | Buffer) =>
  `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names `etag` (or is `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || `W/${tag}` === etag;
  });
}

/** ETag and 304 for the routes marked `config: { etag: true }` (public, cacheable reads). */
async function etags(app: FastifyInstance) {
  // A callback hook: every answer passes it, and it never waits.
  app.addHook('onSend', (request, reply, payload, next) => {
    if (request.routeOptions.config?.etag !== true || reply.statusCode !== 200)
      return next(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return next(null, payload);
    // A route that set the ETag of a body it keeps saves hashing it again.
    const given = reply.getHeader('etag');
    const etag = typeof given === 'string' ? given : etagOf(payload);
    if (given === undefined) reply.header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return next(null, payload);
    reply.code(304);
    reply.removeHeader('content-length');
    next(null, '');
  });
}

export default fp(etags, { name: 'etag', fastify: '5.x' });
