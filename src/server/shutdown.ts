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
  // Queued mail stays in the outbox; the next start (or another instance) sends it.
  await app.mail.worker.stop();
  await database.close();
}
