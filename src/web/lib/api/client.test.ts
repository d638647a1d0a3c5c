import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { authStatus, callsTo, mockApi, setCsrfCookie } from '../../test/utils.js';
import {
  api,
  ApiError,
  errorMessage,
  onSessionEnded,
  readCookie,
  requestWithHeaders,
  type SessionEndedEvent,
} from './client.js';

function listen() {
  const events: SessionEndedEvent[] = [];
  const off = onSessionEnded((e) => events.push(e));
  onTestFinished(off);
  return { events, off };
}

describe('api client', () => {
  it('sends JSON with cookies and the CSRF header from the XSRF-TOKEN cookie', async () => {
    const fetchMock = mockApi(
      { 'POST /api/auth/forgot-password': { body: { message: 'ok' } } },
      { csrfToken: 'abc123' },
    );
    await expect(api.post('/auth/forgot-password', { username: 'anna' })).resolves.toEqual({
      message: 'ok',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/forgot-password');
    expect(init?.credentials).toBe('include');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ username: 'anna' }));
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('sends the CSRF header on %s', async (method) => {
    const fetchMock = mockApi({ [`${method} /api/thing`]: { body: {} } }, { csrfToken: 'tok' });
    await api[method.toLowerCase() as 'put' | 'patch' | 'delete']('/thing');
    expect(callsTo(fetchMock, `${method} /api/thing`)[0]?.headers.get('X-XSRF-TOKEN')).toBe('tok');
  });

  it('starts each request in a task of its own, not in the task that asked for it', async () => {
    const fetchMock = mockApi({ 'GET /api/a': { body: 1 }, 'GET /api/b': { body: 2 } });
    const answers = [api.get('/a'), api.get('/b')];
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(Promise.all(answers)).resolves.toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("sends a call's own headers beside its own, and gives an answer's headers", async () => {
    const fetchMock = mockApi(
      {
        'GET /api/thing': { body: { a: 1 }, headers: { ETag: '"3"' } },
        'PUT /api/thing': { body: { a: 2 }, headers: { ETag: '"4"' } },
      },
      { csrfToken: 'tok' },
    );
    const got = await requestWithHeaders<{ a: number }>('GET', '/thing');
    expect(got.data).toEqual({ a: 1 });
    expect(got.headers.get('etag')).toBe('"3"');
    const put = await requestWithHeaders('PUT', '/thing', {
      body: { a: 2 },
      headers: { 'If-Match': '"3"' },
    });
    expect(put.headers.get('etag')).toBe('"4"');
    const sent = callsTo(fetchMock, 'PUT /api/thing')[0]!.headers;
    expect(sent.get('If-Match')).toBe('"3"');
    expect(sent.get('X-XSRF-TOKEN')).toBe('tok');
    expect(sent.get('Content-Type')).toBe('application/json');
  });

  it('does not send the CSRF header on GET', async () => {
    const fetchMock = mockApi({}, { csrfToken: 'tok' });
    await api.get('/auth/status');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('X-XSRF-TOKEN')).toBe(false);
    expect(init?.credentials).toBe('include');
  });

  it('first calls GET /api/auth/status when the cookie is missing', async () => {
    const fetchMock = mockApi(
      {
        'GET /api/auth/status': () => {
          setCsrfCookie('fresh');
          return authStatus(null);
        },
        'POST /api/auth/logout': { body: { message: 'Logged out.' } },
      },
      { csrfToken: null },
    );
    expect(readCookie('XSRF-TOKEN')).toBeUndefined();
    await api.post('/auth/logout');
    const urls = fetchMock.mock.calls.map(([u, i]) => `${i?.method} ${String(u)}`);
    expect(urls).toEqual(['GET /api/auth/status', 'POST /api/auth/logout']);
    expect(callsTo(fetchMock, 'POST /api/auth/logout')[0]?.headers.get('X-XSRF-TOKEN')).toBe(
      'fresh',
    );
  });

  it('fetches a fresh token and retries once when the server refuses the CSRF token', async () => {
    let attempts = 0;
    const fetchMock = mockApi(
      {
        'GET /api/auth/status': () => {
          setCsrfCookie('fresh');
          return authStatus(null);
        },
        'POST /api/thing': (req) => {
          attempts += 1;
          return req.headers.get('X-XSRF-TOKEN') === 'fresh'
            ? { status: 201, body: { id: 1 } }
            : { status: 403, body: { message: messages.csrfFailed, code: 'csrf_failed' } };
        },
      },
      { csrfToken: 'stale' },
    );
    const { events } = listen();
    await expect(api.post('/thing', {})).resolves.toEqual({ id: 1 });
    expect(attempts).toBe(2);
    expect(callsTo(fetchMock, 'GET /api/auth/status')).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('recognises a CSRF refusal by its code, not by its text', async () => {
    let attempts = 0;
    mockApi({
      'POST /api/thing': () => {
        attempts += 1;
        return { status: 403, body: { message: messages.csrfFailed, code: 'forbidden' } };
      },
    });
    listen();
    await expect(api.post('/thing', {})).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(attempts).toBe(1);
  });

  it('turns an error answer into an ApiError with status, message and issues', async () => {
    const issues = [{ path: 'username', message: 'Username is required.' }];
    mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: { message: 'Invalid input.', code: 'validation_failed', issues },
      },
    });
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input.',
      code: 'validation_failed',
      issues,
    });
    expect(errorMessage(error, 'fallback')).toBe('Invalid input.');
  });

  it("keeps the answer's other fields as details", async () => {
    const days = ['2027-03-10', '2027-03-11'];
    mockApi({
      'POST /api/reservations': {
        status: 409,
        body: { message: 'Taken.', code: 'days_taken', days },
      },
      'POST /api/plain': { status: 409, body: { message: 'No.', code: 'conflict' } },
    });
    const error = await api.post('/reservations', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'days_taken', details: { days } });
    expect((error as ApiError).details).toEqual({ days });
    const plain = await api.post('/plain', {}).catch((e: unknown) => e);
    expect((plain as ApiError).details).toBeUndefined();
  });

  it('gives a generic ApiError when the error answer has no message', async () => {
    mockApi({ 'GET /api/broken': { status: 500 } });
    const error = await api.get('/broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
  });

  it('reports a network failure as ApiError status 0, for which screens show their default text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.get('/anything').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it.each([401, 403])('ends the session on %i from another call', async (status) => {
    mockApi({ 'GET /api/reservations/my-reservations': { status, body: { message: 'nope' } } });
    const { events } = listen();
    await expect(api.get('/reservations/my-reservations')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([
      { status, path: '/reservations/my-reservations', message: messages.loggedOut },
    ]);
  });

  it.each([
    ['GET', '/auth/status', 401],
    ['POST', '/auth/login', 401],
    ['POST', '/auth/login', 403],
    ['POST', '/auth/register', 403],
  ] as const)('does not end the session on %s %s answering %i', async (method, path, status) => {
    mockApi({ [`${method} /api${path}`]: { status, body: { message: 'no' } } });
    const { events } = listen();
    await expect(method === 'GET' ? api.get(path) : api.post(path, {})).rejects.toMatchObject({
      status,
    });
    expect(events).toEqual([]);
  });

  it('does not end the session on other errors', async () => {
    mockApi({ 'GET /api/reservations': { status: 404, body: { message: 'Not found.' } } });
    const { events } = listen();
    await expect(api.get('/reservations')).rejects.toMatchObject({ status: 404 });
    expect(events).toEqual([]);
  });

  it('adds query parameters and leaves undefined ones out', async () => {
    const fetchMock = mockApi({ 'GET /api/reservations/calendar': { body: [] } });
    await api.get('/reservations/calendar', { query: { year: 2026, month: 3, user: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reservations/calendar?year=2026&month=3');
  });
});
