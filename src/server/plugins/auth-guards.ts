import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import { messages } from '../../shared/messages.js';
import type { UserRow } from './sessions.js';
import { isAdmin } from '../../shared/roles.js';

/** preHandler: the caller must be logged in (401 otherwise). */
export async function requireUser(request: FastifyRequest) {
  if (!request.session) throw unauthorized();
}

/** preHandler: the caller must be an administrator (401 / 403 otherwise). */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.session) throw unauthorized();
  if (!isAdmin(request.session.user)) throw forbidden(messages.adminRequired, 'admin_required');
}

/** The logged-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.session) throw unauthorized();
  return request.session.user;
}
