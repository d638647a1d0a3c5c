import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

interface Options {
  httpsOnly: boolean;
  /** Origins the pages may frame: the map service and the payment provider. */
  frameSources: string[];
}

/**
 * Security headers of every answer: a CSP with no inline scripts, framing of
 * this site only by itself, no MIME sniffing, a strict referrer policy, and
 * HSTS when the site is served over https.
 */
async function securityHeaders(app: FastifyInstance, opts: Options) {
  await app.register(helmet, {
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
}

export default fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
