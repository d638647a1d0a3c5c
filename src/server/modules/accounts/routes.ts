import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDetailsSchema,
  accountOverviewSchema,
  accountsQuery,
  accountSummarySchema,
  createAccountBody,
  errorResponses,
  idParam,
} from '../../../shared/schemas/index.js';
import { currentUser, requireAdmin } from '../../plugins/auth-guards.js';
import type { AccountsService } from './service.js';
import { pagedAnswer } from '../../paged-answer.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export async function accountsRoutes(
  app: FastifyInstance,
  { accounts }: { accounts: AccountsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account', {
    schema: {
      tags: ['accounts'],
      summary: 'All accounts (admin)',
      response: { 200: z.array(accountSummarySchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: () => accounts.list(),
  });

  // The administrators' directory of churches (the singular /api/account above is the short list).
  r.get('/api/accounts', {
    schema: {
      tags: ['accounts'],
      summary:
        'Every church with its members, reservations, documents and net paid amount, by name; page with limit/offset (admin)',
      querystring: accountsQuery,
      response: { 200: z.array(accountOverviewSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { items, total } = await accounts.overview(request.query);
      return pagedAnswer(reply, request.query, items, total);
    },
  });

  r.get('/api/accounts/:id', {
    schema: {
      tags: ['accounts'],
      summary:
        "One church's page: its profile, members, reservations, documents and ledger entries (admin)",
      params: idParam,
      response: { 200: accountDetailsSchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => accounts.details(request.params.id, currentUser(request)),
  });

  r.post('/api/account', {
    schema: {
      tags: ['accounts'],
      summary: 'Create an account (admin)',
      body: createAccountBody,
      response: { 201: accountSummarySchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) =>
      reply.status(201).send(await accounts.create(request.body.accountName)),
  });
}
