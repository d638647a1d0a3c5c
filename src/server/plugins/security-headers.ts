import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

interface Options {
  httpsOnly: boolean;
  /** Origins the pages may frame: the map service and the payment provider. */
  frameSources: string[];
}

/**
 * The headers helmet would set, worked out once: they depend on the options
 * only, so every answer gets the same object instead of helmet running per
 * request (docs/operations.md, "Speed").
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: () => undefined,
  };
  let done = false;
  const request = { method: 'GET', headers: {} };
  helmet(options)(
    request as unknown as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers of every answer: a CSP with no inline scripts, framing of
 * this site only by itself, no MIME sniffing, a strict referrer policy, and
 * HSTS when the site is served over https.
 */
async function securityHeaders(app: FastifyInstance, opts: Options) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables and positions through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...opts.frameSources],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(opts.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: opts.httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
  });
  // Set first, so that a route may still replace one (the API docs' own CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
