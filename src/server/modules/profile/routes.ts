import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountProfileSchema,
  errorResponses,
  historyEntrySchema,
  profileQuery,
  updateProfileBody,
  updateProfileResponse,
} from '../../../shared/schemas/index.js';
import type { Db } from '../../db/open.js';
import { notFound } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/auth-guards.js';
import { listAccountEvents } from '../history/service.js';
import type { ProfileService } from './service.js';
import { isAdmin } from '../../../shared/roles.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A member's own account; an administrator may name any with ?accountId=. */
function accountOf(request: FastifyRequest, requested: number | undefined): number {
  const user = currentUser(request);
  const accountId = isAdmin(user) && requested ? requested : user.accountId;
  if (!accountId) throw notFound('You are not assigned to an account yet.', 'no_account');
  return accountId;
}

export async function profileRoutes(
  app: FastifyInstance,
  { profile, db }: { profile: ProfileService; db: Db },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account/profile', {
    schema: {
      tags: ['accounts'],
      summary: "My account's profile: primary contact and responsible persons",
      querystring: profileQuery,
      response: { 200: accountProfileSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => profile.read(accountOf(request, request.query.accountId)),
  });

  r.put('/api/account/profile', {
    schema: {
      tags: ['accounts'],
      summary: "Update my account's profile",
      querystring: profileQuery,
      body: updateProfileBody,
      response: { 200: updateProfileResponse, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => {
      const account = await profile.update(
        accountOf(request, request.query.accountId),
        currentUser(request).id,
        request.body,
      );
      return { message: 'Account profile updated.', account };
    },
  });

  r.get('/api/account/history', {
    schema: {
      tags: ['accounts'],
      summary: 'What happened to my account, newest first',
      querystring: profileQuery,
      response: { 200: z.array(historyEntrySchema), ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      listAccountEvents(db, accountOf(request, request.query.accountId), currentUser(request)),
  });
}
