import type { ErrorCode } from '../shared/error-codes.js';
import { messages } from '../shared/messages.js';

/**
 * An error meant for the client: a status, a stable code and a message safe to
 * show. `details` are further fields of the answer (e.g. `days`), safe to show
 * as well; they never replace the message or the code.
 */
export class AppError extends Error {
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.details = options?.details;
  }
}

export const badRequest = (
  message: string = messages.invalidInput,
  code: ErrorCode = 'bad_request',
) => new AppError(400, code, message);
export const unauthorized = (
  message: string = messages.notAuthenticated,
  code: ErrorCode = 'unauthenticated',
) => new AppError(401, code, message);
export const forbidden = (message: string = messages.forbidden, code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message: string = messages.notFound, code: ErrorCode = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (
  message: string,
  code: ErrorCode = 'conflict',
  details?: Record<string, unknown>,
) => new AppError(409, code, message, { details });
/** 412: the request's If-Match names a state that is no longer the current one. */
export const preconditionFailed = (
  message: string,
  code: ErrorCode,
  details?: Record<string, unknown>,
) => new AppError(412, code, message, { details });
/** 400 validation_failed with every problem (`issues`), as a refused request body answers. */
export const validationFailed = (issues: { path: string; message: string }[]) =>
  new AppError(400, 'validation_failed', issues[0]?.message ?? messages.invalidInput, {
    details: { issues },
  });
export const tooManyRequests = (message: string = messages.rateLimited) =>
  new AppError(429, 'rate_limited', message);

/** The SQLSTATE of a driver error, which Drizzle wraps in `cause`. */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
