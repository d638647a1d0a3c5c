import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../route-registry.js';

/** One line per route and method, e.g. "PATCH /api/reservations/:id/cancel". */
export interface AppRoute extends RegisteredRoute {
  key: string;
}

/** The only routes the route-wide tests leave out, each with the reason. */
export const EXCLUDED_ROUTES: {
  what: string;
  matches: (r: AppRoute, all: AppRoute[]) => boolean;
}[] = [
  {
    what: 'HEAD twin of a GET route (Fastify adds one per GET)',
    matches: (r, all) =>
      r.method === 'HEAD' && all.some((g) => g.method === 'GET' && g.url === r.url),
  },
  {
    what: 'OPTIONS twin of another route',
    matches: (r, all) => r.method === 'OPTIONS' && all.some((o) => o !== r && o.url === r.url),
  },
  {
    what: 'API documentation (Swagger UI)',
    matches: (r) => r.url === '/api/docs' || r.url.startsWith('/api/docs/'),
  },
  { what: 'the OpenAPI document', matches: (r) => r.url === '/api/openapi.json' },
  {
    what: 'a file of the built web app (the static SPA handler: @fastify/static, one route per file)',
    matches: (r) =>
      typeof r.config.file === 'string' &&
      typeof r.config.rootPath === 'string' &&
      !r.url.startsWith('/api/') &&
      !r.url.startsWith('/pay/'),
  },
];

/** Every route the app registered, hidden ones included. */
export const allRoutes = (app: FastifyInstance): AppRoute[] =>
  app.registeredRoutes.map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

/** The routes a route-wide test must cover: all but EXCLUDED_ROUTES. */
export function testedRoutes(app: FastifyInstance): AppRoute[] {
  const all = allRoutes(app);
  return all.filter((r) => !EXCLUDED_ROUTES.some((e) => e.matches(r, all)));
}
