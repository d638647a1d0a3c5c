import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { migrationsFolder } from '../../db/open.js';

/** How many migrations this release ships: a database with fewer applied is not ready for it. */
const shippedMigrations = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/**
 * Probes for a reverse proxy or an orchestrator (docs/operations.md):
 * `/healthz` says the process answers; `/readyz` that the database answers and
 * has every migration of this release. Neither is logged: probes come every
 * few seconds.
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/healthz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const result = (await db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      const applied = Number(result.rows[0]?.n ?? 0);
      if (applied < shippedMigrations) {
        return reply.status(503).send({
          status: 'migrating',
          code: 'unavailable',
          message: `${applied} of ${shippedMigrations} migrations applied.`,
        });
      }
      return reply.send({ status: 'ready' });
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        code: 'unavailable',
        message: 'The database does not answer.',
      });
    }
  });
}
