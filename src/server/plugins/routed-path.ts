import type { FastifyRequest } from 'fastify';

/**
 * The path the router matched (`/api/auth/login`), not the raw URL: `/%61pi/…`
 * routes to `/api/…` too, so every check that depends on the path reads this one.
 * A request that matched no route falls back to its decoded path.
 */
export function routedPath(request: FastifyRequest): string {
  const routed = request.routeOptions.url;
  if (routed) return routed;
  const raw = request.url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Paths whose mutating calls need the session and the CSRF header: the API and the sandbox's charge. */
export const isApiPath = (path: string) => path.startsWith('/api/');
export const isSessionPath = (path: string) => path.startsWith('/api/') || path.startsWith('/pay/');
