import type { FastifyInstance } from 'fastify';
import type { Database } from './db/open.js';

/**
 * Stops taking requests, lets those in flight finish (their handlers too, even
 * when the client hung up), sends queued mail, then closes the database.
 */
export async function closeGracefully(app: FastifyInstance, database: Database, timeoutMs = 10_000) {
  await app.close();
  await app.drainRequests(timeoutMs);
  await app.mailer.idle();
  await database.close();
}
