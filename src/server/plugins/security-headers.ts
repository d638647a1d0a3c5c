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

/** What a JSON answer needs: it is data, never a document to render or frame. */
export const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Security headers of every answer. Pages, files and assets get the
 * document's set: a CSP with no inline scripts, framing of this site only by
 * itself, no MIME sniffing, a strict referrer policy. JSON answers get the
 * short set an API needs (`JSON_ANSWER_HEADERS`): the document's policies
 * mean nothing for data, and their bytes were a fifth of the cost of a small
 * answer (docs/operations.md, "Speed"). Both get HSTS over https.
 */
async function securityHeaders(app: FastifyInstance, opts: Options) {
  const documentHeaders = helmetHeaders({
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
  const hsts = documentHeaders['strict-transport-security'];
  const jsonHeaders = hsts
    ? { ...JSON_ANSWER_HEADERS, 'strict-transport-security': hsts }
    : JSON_ANSWER_HEADERS;
  const documentEntries = Object.entries(documentHeaders);
  // Set once the answer's type is known. A route's own header stays (the API docs' own CSP).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isJson(reply.getHeader('content-type'))) {
      reply.headers(jsonHeaders);
    } else {
      for (const [name, value] of documentEntries) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
    }
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
