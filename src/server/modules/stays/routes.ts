import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptAgreementBody,
  agreementAcceptanceSchema,
  errorResponses,
  idParam,
  questionnaireBody,
  questionnaireSchema,
} from '../../../shared/schemas/index.js';
import { currentUser, requireUser } from '../../plugins/auth-guards.js';
import { acceptAgreement, type AgreementDeps } from './agreement.js';
import type { createFinalCount } from './final-count.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A group's stay: its facility agreement and its questionnaire (docs/money.md). */
export async function staysRoutes(
  app: FastifyInstance,
  o: { agreement: AgreementDeps; finalCount: ReturnType<typeof createFinalCount> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/reservations/:id/agreement', {
    schema: {
      tags: ['stays'],
      summary: "Accept the house's facility agreement for my stay, with my full name",
      params: idParam,
      body: acceptAgreementBody,
      response: { 201: agreementAcceptanceSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request, reply) => {
      const accepted = await acceptAgreement(o.agreement, {
        reservationId: request.params.id,
        userId: currentUser(request).id,
        fullName: request.body.fullName,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return reply.status(201).send(accepted);
    },
  });

  r.get('/api/reservations/:id/questionnaire', {
    schema: {
      tags: ['stays'],
      summary: "A stay's pre-arrival questionnaire (owner or admin)",
      params: idParam,
      response: { 200: questionnaireSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => o.finalCount.get(request.params.id, currentUser(request)),
  });

  r.put('/api/reservations/:id/questionnaire', {
    schema: {
      tags: ['stays'],
      summary:
        "Save a stay's questionnaire: the final count prices the stay again and writes an invoice (owner until its due day, or admin)",
      params: idParam,
      body: questionnaireBody,
      response: { 200: questionnaireSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      o.finalCount.put(request.params.id, currentUser(request), request.body),
  });
}
