import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { AppError, sqlState } from '../errors.js';
import { safeErrorMessage } from '../logger.js';

interface ErrorBody {
  message: string;
  code: ErrorCode;
  issues?: { path: string; message: string }[];
  /** Further fields an AppError carries in `details`, e.g. the `days` of a `days_taken`. */
  [field: string]: unknown;
}

/** Fastify's own 4xx errors, by code, with the message a client can act on. */
const frameworkErrors: Record<string, { status: number; message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: messages.malformedJson,
    code: 'invalid_json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: messages.malformedJson,
    code: 'invalid_json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: messages.bodyTooLarge,
    code: 'body_too_large',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: messages.bodyTooLarge, code: 'body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: messages.unsupportedMediaType,
    code: 'unsupported_media_type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: messages.invalidInput,
    code: 'bad_request',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: messages.unsupportedMediaType,
    code: 'unsupported_media_type',
  },
};

/**
 * The one place errors become answers: `{message, code, issues?}` (plus the
 * `details` of an AppError), with a code
 * from the catalogue of src/shared/error-codes.ts (docs/errors.md). Nothing
 * internal (stack, SQL, driver text) ever reaches a client.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toAnswer(error);
    // The logger's `err` serializer writes the cause too, and never a failed query's values
    // (src/server/logger.ts); nor does a 4xx's line (a NUL in a query's text answers 400).
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, safeErrorMessage(error));
    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.status(status).send(body);
  });
}

function toAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { ...error.details, message: error.message, code: error.code },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: `${error.validationContext ?? ''}${v.instancePath}`.replace(/\//g, '.'),
      message: v.message ?? messages.invalidInput,
    }));
    return {
      status: 400,
      body: {
        message: issues[0]?.message ?? messages.invalidInput,
        code: 'validation_failed',
        issues,
      },
    };
  }
  if (error.code && frameworkErrors[error.code]) {
    const known = frameworkErrors[error.code]!;
    return { status: known.status, body: { message: known.message, code: known.code } };
  }
  // Text PostgreSQL cannot store (a NUL character) is the client's input, not our failure.
  const state = sqlState(error);
  if (state === '22021' || state === '22P05')
    return { status: 400, body: { message: messages.invalidInput, code: 'bad_request' } };
  const status = error.statusCode;
  if (status === 429)
    return { status, body: { message: messages.rateLimited, code: 'rate_limited' } };
  if (status && status >= 400 && status < 500) {
    // Other framework 4xx (e.g. multipart limits): the status is right, the text generic.
    return status === 413
      ? { status, body: { message: messages.bodyTooLarge, code: 'body_too_large' } }
      : { status, body: { message: messages.invalidInput, code: 'bad_request' } };
  }
  return { status: 500, body: { message: messages.internalError, code: 'internal_error' } };
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
