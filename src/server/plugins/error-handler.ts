import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages.js';
import { AppError, sqlState } from '../errors.js';

interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

/** Fastify's own 4xx errors, by code, with the message a client can act on. */
const frameworkErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.invalidInput },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: messages.unsupportedMediaType },
};

/**
 * The one place errors become answers: `{message, issues?}` with the status of
 * ARCHITECTURE §4. Nothing internal (stack, SQL, driver text) ever reaches a client.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, error.message);
    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.status(status).send(body);
  });
}

function toAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.statusCode, body: { message: error.message } };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: `${error.validationContext ?? ''}${v.instancePath}`.replace(/\//g, '.'),
      message: v.message ?? messages.invalidInput,
    }));
    return { status: 400, body: { message: issues[0]?.message ?? messages.invalidInput, issues } };
  }
  if (error.code && frameworkErrors[error.code]) {
    const known = frameworkErrors[error.code]!;
    return { status: known.status, body: { message: known.message } };
  }
  // Text PostgreSQL cannot store (a NUL character) is the client's input, not our failure.
  const state = sqlState(error);
  if (state === '22021' || state === '22P05') return { status: 400, body: { message: messages.invalidInput } };
  const status = error.statusCode;
  if (status === 429) return { status, body: { message: messages.rateLimited } };
  if (status && status >= 400 && status < 500) {
    // Other framework 4xx (e.g. multipart limits): the status is right, the text generic.
    return { status, body: { message: status === 413 ? messages.bodyTooLarge : messages.invalidInput } };
  }
  return { status: 500, body: { message: messages.internalError } };
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
