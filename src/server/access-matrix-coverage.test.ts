/**
 * The access-control matrix has a row for every route the app registers, hidden
 * ones included, and none for a route it does not have. The routes come from the
 * app itself: an onRoute hook, added to every Fastify instance the moment it is
 * created, records each route as it is registered.
 */
import { describe, expect, it } from 'vitest';
import { allRoutes, testedRoutes } from './testing/route-list.js';
import { useAccessMatrix } from './testing/access-matrix-world.js';

const { t, ROWS } = useAccessMatrix();

describe('the access-control matrix', () => {
  it('has a row for every route of the app and no row for a route it does not have', async () => {
    const routes = testedRoutes(t.app).map((r) => r.key);
    const covered = new Set(ROWS.map((r) => r.route));
    expect(
      routes.filter((key) => !covered.has(key)),
      'routes without a row in ROWS (add one with the status each actor must get)',
    ).toEqual([]);
    expect(
      [...covered].filter((key) => !routes.includes(key)),
      'rows for routes the app does not have',
    ).toEqual([]);

    // The route log is not blind: every operation of the OpenAPI document is in it.
    const all = new Set(allRoutes(t.app).map((r) => r.key));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThanOrEqual(30);
    expect(documented.filter((key) => !all.has(key))).toEqual([]);
    // Hidden routes are in the matrix too.
    expect(routes).toEqual(
      expect.arrayContaining(['POST /pay/sandbox/charge', 'GET /pay/sandbox']),
    );
  });
});
