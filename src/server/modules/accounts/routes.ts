import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSummarySchema,
  createAccountBody,
  errorResponse,
} from '../../../shared/schemas/index.js';
import { requireAdmin } from '../../plugins/auth-guards.js';
import type { AccountsService } from './service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse };

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
