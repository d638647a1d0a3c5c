/**
 * The access-control matrix: every route of the server, called by each of five
 * actors on resources owned by account A, with the status each must get.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../shared/error-codes.js';
import { testedRoutes } from './testing/route-list.js';
import { ACTORS, OUTSIDERS, leaksOfA } from './testing/access-matrix-fixtures.js';
import { rowLabel } from './testing/access-matrix-table.js';
import { useAccessMatrix } from './testing/access-matrix-world.js';

const { t, ROWS, seed, clientFor } = useAccessMatrix();

describe('the access-control matrix', () => {
  it('gives each actor the status it must get from every route, on fresh data each call', async () => {
    const failures: string[] = [];
    const routes = testedRoutes(t.app);
    let calls = 0;
    for (const route of routes) {
      const rows = ROWS.filter((r) => r.route === route.key);
      if (rows.length === 0) failures.push(`${route.key}: no row in the table`);
      for (const row of rows) {
        for (const actor of ACTORS) {
          const fx = await seed();
          const client = await clientFor(actor);
          const res = await client.request(row.call(fx));
          calls++;
          const where = `${rowLabel(row)} as ${actor}`;
          const expected = row.expect[actor];
          if (res.statusCode !== expected) {
            failures.push(
              `${where}: ${res.statusCode}, expected ${expected}: ${res.body.slice(0, 200)}`,
            );
            continue;
          }
          if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
            const body = res.json() as { message?: unknown; code?: unknown };
            if (typeof body.message !== 'string')
              failures.push(`${where}: no message in ${res.body}`);
            if (typeof body.code !== 'string' || !(body.code in ERROR_CODES))
              failures.push(`${where}: no code of the catalogue in ${res.body}`);
          }
          // A shared cache would hand a cookie to the next visitor: public answers set none.
          if (
            /\bpublic\b/.test(String(res.headers['cache-control'] ?? '')) &&
            res.headers['set-cookie']
          )
            failures.push(
              `${where}: Cache-Control public with Set-Cookie ${String(res.headers['set-cookie'])}`,
            );
          if (OUTSIDERS.includes(actor)) {
            const leaked = leaksOfA(res).filter((name) => !row.linkShows?.includes(name));
            if (leaked.length > 0)
              failures.push(`${where}: the answer shows A's ${leaked.join(', ')}`);
          }
          try {
            await row.check?.({ actor, res, fx, client });
          } catch (err) {
            failures.push(`${where}: ${(err as Error).message.split('\n')[0]}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(ROWS.length * ACTORS.length);
  }, 180_000);
});
