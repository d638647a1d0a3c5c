import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutBody,
  checkoutSchema,
  errorResponse,
  errorResponses,
  idParam,
  ledgerEntrySchema,
  ledgerQuery,
  ledgerSummarySchema,
  messageResponse,
  paymentConfigSchema,
  refundInfoSchema,
  refundsQuery,
} from '../../../shared/schemas/index.js';
import { badRequest } from '../../errors.js';
import { WebhookSignatureError } from '../../payment-providers/provider.js';
import { MalformedEventError } from '../../payment-providers/sandbox.js';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth-guards.js';
import type { PaymentsService } from './service.js';
import { pagedAnswer } from '../../paged-answer.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export async function paymentsRoutes(
  app: FastifyInstance,
  { payments }: { payments: PaymentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/payments/config', {
    schema: {
      tags: ['payments'],
      summary: 'Provider, daily rate and currency',
      response: { 200: paymentConfigSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async () => payments.config(),
  });

  r.get('/api/payments', {
    schema: {
      tags: ['payments'],
      summary:
        "The ledger: my church's charges and refunds (an administrator: all, filtered); newest first",
      querystring: ledgerQuery,
      response: { 200: z.array(ledgerEntrySchema), ...errors },
    },
    preValidation: requireUser,
    handler: async (request, reply) => {
      const { entries, total } = await payments.list(currentUser(request), request.query);
      return pagedAnswer(reply, request.query, entries, total);
    },
  });

  r.get('/api/payments/summary', {
    schema: {
      tags: ['payments'],
      summary: 'Received, refunded and outstanding for the same filters (admin)',
      querystring: ledgerQuery,
      response: { 200: ledgerSummarySchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request) => payments.summary(request.query),
  });

  r.get('/api/payments/export.csv', {
    schema: {
      tags: ['payments'],
      summary: 'The ledger as CSV, with the same filters (admin)',
      querystring: ledgerQuery,
      produces: ['text/csv'],
    },
    preValidation: requireAdmin,
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ledger.csv"')
        .header('cache-control', 'private, no-store')
        .send(await payments.exportCsv(request.query)),
  });

  r.get('/api/admin/refunds', {
    schema: {
      tags: ['payments'],
      summary: 'Refunds by status: open (waiting for the provider), failed or succeeded (admin)',
      querystring: refundsQuery,
      response: { 200: z.array(refundInfoSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { refunds, total } = await payments.refunds.list(request.query);
      return pagedAnswer(reply, request.query, refunds, total);
    },
  });

  r.post('/api/admin/refunds/:id/retry', {
    schema: {
      tags: ['payments'],
      summary: 'Ask the payment provider again for a failed refund (admin)',
      params: idParam,
      response: { 202: messageResponse, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      await payments.refunds.retry(request.params.id);
      return reply.status(202).send({
        message: 'The refund was asked for again; the list shows when it is made.',
      });
    },
  });

  r.post('/api/payments/:id/checkout', {
    schema: {
      tags: ['payments'],
      summary: 'Where to pay for one of my reservations (:id is the reservation)',
      params: idParam,
      body: checkoutBody,
      response: { 200: checkoutSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      payments.checkout(request.params.id, currentUser(request), request.body?.part ?? 'balance'),
  });

  // The provider's webhook: verified by its signature over the exact bytes sent,
  // so this route keeps the raw body and is exempt from CSRF.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post('/api/payments/webhook', {
      config: { csrf: false },
      schema: {
        tags: ['payments'],
        summary: "The payment provider's signed webhook",
        response: {
          200: z.object({ received: z.boolean(), outcome: z.string() }),
          400: errorResponse,
          502: errorResponse,
        },
      },
      handler: async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw) || raw.length === 0)
          throw badRequest('The webhook body is empty.');
        try {
          const outcome = await payments.handleWebhook(raw, request.headers);
          return { received: true, outcome };
        } catch (err) {
          if (err instanceof WebhookSignatureError)
            throw badRequest('Invalid webhook signature.', 'bad_signature');
          if (err instanceof SyntaxError)
            throw badRequest('The webhook body is not valid JSON.', 'invalid_json');
          if (err instanceof MalformedEventError)
            throw badRequest('The webhook event is malformed.');
          throw err;
        }
      },
    });
  });
}
