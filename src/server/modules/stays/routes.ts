import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptAgreementBody,
  agreementAcceptanceSchema,
  checklistItemSchema,
  errorResponses,
  idParam,
  questionnaireBody,
  questionnaireSchema,
  stayAgreementSchema,
} from '../../../shared/schemas/index.js';
import { currentUser, requireUser } from '../../plugins/auth-guards.js';
import { acceptAgreement, stayAgreement, type AgreementDeps } from './agreement.js';
import type { Checklists } from './checklist.js';
import type { createQuestionnaire } from './questionnaire.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A group's stay: its facility agreement, its questionnaire and its checklist (docs/stays.md). */
export async function staysRoutes(
  app: FastifyInstance,
  o: {
    agreement: AgreementDeps;
    questionnaire: ReturnType<typeof createQuestionnaire>;
    checklists: Checklists;
  },
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
        member: currentUser(request),
        fullName: request.body.fullName,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return reply.status(201).send(accepted);
    },
  });

  r.get('/api/reservations/:id/agreement', {
    schema: {
      tags: ['stays'],
      summary:
        "A stay's facility agreement with the stay's own deposit rule and cancellation tiers (fixed at its request): as accepted, or the house's text to accept (owner or admin)",
      params: idParam,
      response: { 200: stayAgreementSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => stayAgreement(o.agreement, request.params.id, currentUser(request)),
  });

  r.get('/api/reservations/:id/questionnaire', {
    schema: {
      tags: ['stays'],
      summary: "A stay's pre-arrival questionnaire (owner or admin)",
      params: idParam,
      response: { 200: questionnaireSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => o.questionnaire.get(request.params.id, currentUser(request)),
  });

  r.put('/api/reservations/:id/questionnaire', {
    schema: {
      tags: ['stays'],
      summary:
        "Save a stay's questionnaire, replacing the saved answers: the final count prices the stay again and writes an invoice (owner until its due day, or admin)",
      params: idParam,
      body: questionnaireBody,
      response: { 200: questionnaireSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) =>
      o.questionnaire.put(request.params.id, currentUser(request), request.body),
  });

  r.post('/api/reservations/:id/questionnaire/submit', {
    schema: {
      tags: ['stays'],
      summary: "Send a stay's questionnaire to the house (it needs the final count)",
      params: idParam,
      response: { 200: questionnaireSchema, ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => o.questionnaire.submit(request.params.id, currentUser(request)),
  });

  r.get('/api/reservations/:id/checklist', {
    schema: {
      tags: ['stays'],
      summary: 'What the house still needs for a stay, each with its due day (owner or admin)',
      params: idParam,
      response: { 200: z.array(checklistItemSchema), ...errors },
    },
    preValidation: requireUser,
    handler: async (request) => o.checklists.of(request.params.id, currentUser(request)),
  });
}
