/**
 * The one fetch client of the browser (docs/architecture.md §4): JSON in and out,
 * cookies on every call, the CSRF header on every mutating call, errors as
 * `ApiError`, and a global "session ended" event on 401/403.
 *
 * The client knows nothing about the router or the query cache: the app layer
 * subscribes with `onSessionEnded` and performs the logout.
 */
import { isErrorCode, type ErrorCode } from '../../../shared/error-codes.js';
import type { ErrorResponse } from '../../../shared/schemas/common.js';
import { messages } from '../../../shared/messages.js';
import { nextTask } from '../next-task.js';

export const API_BASE = '/api';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

export type ApiIssue = NonNullable<ErrorResponse['issues']>[number];

/** Any answer that is not 2xx, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's stable error code (src/shared/error-codes.ts); undefined when it sent none. */
  readonly code: ErrorCode | undefined;
  readonly issues: ApiIssue[] | undefined;
  /** True when `message` is the server's own text (an answer `{message}`). */
  readonly fromServer: boolean;
  /** The answer's other fields, e.g. the `days` of a `days_taken`; undefined when there are none. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      issues?: ApiIssue[];
      fromServer?: boolean;
      code?: ErrorCode;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.issues = options.issues;
    this.fromServer = options.fromServer ?? false;
    this.details = options.details;
  }
}

/** True when the error is an API answer with this code. */
export const hasErrorCode = (error: unknown, code: ErrorCode): boolean =>
  error instanceof ApiError && error.code === code;

/** The server's message when the error carries one, else the screen's default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message.trim()) return error.message;
  return fallback;
}

// ---------------------------------------------------------------------------
// Global logout event

export interface SessionEndedEvent {
  /** The HTTP status that ended the session (401 or 403). */
  status: number;
  /** The API path that answered it, e.g. `/reservations`. */
  path: string;
  /** The text the login screen shows. */
  message: string;
}

type SessionListener = (event: SessionEndedEvent) => void;
const sessionListeners = new Set<SessionListener>();

/** Subscribe to forced logouts; returns the unsubscribe function. */
export function onSessionEnded(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
}

/** Calls whose 401/403 is an ordinary answer, not the end of a session (docs/product.md §4). */
const SESSION_EXEMPT = new Set(['/auth/status', '/auth/login', '/auth/register']);

function emitSessionEnded(status: number, path: string): void {
  const event: SessionEndedEvent = { status, path, message: messages.loggedOut };
  for (const listener of [...sessionListeners]) listener(event);
}

// ---------------------------------------------------------------------------
// CSRF (double submit cookie)

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

let csrfRequest: Promise<void> | null = null;

/** GET /api/auth/status sets the XSRF-TOKEN cookie; concurrent callers share one request. */
function fetchCsrfCookie(): Promise<void> {
  csrfRequest ??= fetch(`${API_BASE}/auth/status`, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

async function csrfToken(): Promise<string | undefined> {
  let token = readCookie(CSRF_COOKIE);
  if (!token) {
    await fetchCsrfCookie();
    token = readCookie(CSRF_COOKIE);
  }
  return token;
}

// ---------------------------------------------------------------------------
// Requests

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** JSON-serialisable value, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Further request headers, e.g. `If-Match` (the client's own are kept). */
  headers?: Record<string, string>;
}

/** An answer with its headers, e.g. the ETag a later `If-Match` sends back. */
export interface Answer<T> {
  data: T;
  headers: Headers;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  let url = `${API_BASE}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{"]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The fields every error answer has; any others are the error's `details`. */
const ANSWER_FIELDS = new Set(['message', 'code', 'issues']);

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const issues =
      'issues' in body && Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : undefined;
    const code = 'code' in body && isErrorCode(body.code) ? body.code : undefined;
    const extra = Object.entries(body).filter(([key]) => !ANSWER_FIELDS.has(key));
    const details = extra.length > 0 ? Object.fromEntries(extra) : undefined;
    return new ApiError(status, body.message, { issues, fromServer: true, code, details });
  }
  return new ApiError(status, statusText || `Request failed with status ${status}.`);
}

async function send(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  retried: boolean,
): Promise<Answer<unknown>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    const token = await csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  // A page's first render asks for several answers at once: each request
  // starts in a task of its own, not all in the task that mounts the page.
  await nextTask();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'The server could not be reached. Please check your connection and try again.',
    );
  }

  const data = await readBody(response);
  if (response.ok) return { data, headers: response.headers };

  const error = toApiError(response.status, response.statusText, data);
  // A stale or missing CSRF cookie: fetch a fresh one and try once more.
  if (error.code === 'csrf_failed' && method !== 'GET' && !retried) {
    await fetchCsrfCookie();
    return send(method, path, options, true);
  }
  if ((response.status === 401 || response.status === 403) && !SESSION_EXEMPT.has(path)) {
    emitSessionEnded(response.status, path);
  }
  throw error;
}

/** One call to `/api{path}`; resolves with the parsed JSON answer. */
export function request<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return send(method, path, options, false).then((answer) => answer.data as T);
}

/** One call to `/api{path}`; resolves with the parsed JSON answer and the answer's headers. */
export function requestWithHeaders<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  return send(method, path, options, false) as Promise<Answer<T>>;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
