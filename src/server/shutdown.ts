import type { FastifyInstance } from 'fastify';
import type { Database } from './db/open.js';

/**
 * Stops taking requests, lets those in flight finish (their handlers too, even
 * when the client hung up), lets the mail being sent finish, then closes the database.
 */
export async function closeGracefully(
  app: FastifyInstance,
  database: Database,
  timeoutMs = 10_000,
) {
  await app.close();
  await app.drainRequests(timeoutMs);
  // app.close() stopped the mail worker (a few seconds at most for a mail being sent);
  // queued mail stays in the outbox for the next start or another instance.
  await database.close();
}
