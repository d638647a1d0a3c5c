import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  idParam,
  mailListQuery,
  messageResponse,
  outboxMailSchema,
  testMailBody,
} from '../../../shared/schemas/index.js';
import { currentUser, requireAdmin } from '../../plugins/auth-guards.js';
import type { MailService } from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export async function mailRoutes(app: FastifyInstance, { mail }: { mail: MailService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/mail', {
    schema: {
      tags: ['mail'],
      summary: 'The outbox: queued, sent and failed mails, newest first (admin)',
      querystring: mailListQuery,
      response: { 200: z.array(outboxMailSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { mails, total } = await mail.list(request.query);
      reply.header('x-total-count', String(total));
      return mails;
    },
  });

  r.post('/api/admin/mail/:id/retry', {
    schema: {
      tags: ['mail'],
      summary: 'Send a queued or failed mail now (admin); a sent mail answers 409',
      params: idParam,
      response: { 202: outboxMailSchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => reply.status(202).send(await mail.retry(request.params.id)),
  });

  r.post('/api/admin/mail/test', {
    schema: {
      tags: ['mail'],
      summary: 'Queue a test mail to check the mail settings (admin)',
      body: testMailBody,
      response: { 202: messageResponse, ...errors },
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      await mail.sendTest(request.body.to, currentUser(request).username);
      return reply.status(202).send({
        message: `A test mail to ${request.body.to} is queued; the Mail screen shows when it is sent.`,
      });
    },
  });
}
