import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  config: Record<string, unknown>;
  schema: { body?: unknown; querystring?: unknown; response?: Record<string, unknown> };
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Keeps every route as it is registered, hidden ones too, on
 * `app.registeredRoutes`: the access-control matrix and the fuzz tests take
 * their list of routes from it, so a new route cannot go untested. Called on
 * the root instance before any route, so the hook sees every plugin's routes.
 */
export function recordRoutes(app: FastifyInstance): void {
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      registeredRoutes.push({
        method,
        url: route.url,
        config: (route.config ?? {}) as Record<string, unknown>,
        schema: (route.schema ?? {}) as RegisteredRoute['schema'],
      });
    }
  });
}
