import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { AppError } from '../errors.js';
import { TestClient, adminClient, useTestApp } from '../testing/harness.js';
import errorHandler from './error-handler.js';

// A high rate limit: this file sends many requests to the auth routes.
const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });

type Res = Awaited<ReturnType<TestClient['request']>>;

/** Every error is 4xx, JSON, with a string message and nothing internal. */
function expectClientError(res: Res, label: string, status?: number) {
  if (status) expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  expect(res.headers['content-type'], label).toMatch(/application\/json/);
  const body = res.json();
  expect(typeof body.message, label).toBe('string');
  expect(body.message.length, label).toBeGreaterThan(0);
  expect(res.body, label).not.toMatch(
    /\bat .+\.(ts|js):\d+|stack|select |insert |update .* set|FST_|ERR_|pglite|drizzle/i,
  );
  return body as { message: string };
}

/** Every JSON body route with a valid body; {id} is a user id that exists. */
const JSON_ROUTES: { method: 'POST' | 'PUT'; url: string; valid: Record<string, unknown> }[] = [
  { method: 'POST', url: '/api/auth/login', valid: { username: 'admin', password: 'adminpass' } },
  {
    method: 'POST',
    url: '/api/auth/register',
    valid: { username: 'newbie', password: 'secret123', email: 'n@example.org' },
  },
  { method: 'POST', url: '/api/auth/forgot-password', valid: { username: 'admin' } },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    valid: { token: 'tok', username: 'admin', newPassword: 'secret456' },
  },
  { method: 'PUT', url: '/api/users/me/username', valid: { newUsername: 'boss' } },
  {
    method: 'PUT',
    url: '/api/users/me/password',
    valid: { currentPassword: 'adminpass', newPassword: 'secret456' },
  },
  { method: 'PUT', url: '/api/users/{id}/assign-account', valid: { accountId: 1 } },
  { method: 'POST', url: '/api/account', valid: { accountName: 'St. Mark' } },
];

const WRONG_TYPES: [string, unknown][] = [
  ['a number', 12345],
  ['an array', ['x']],
  ['null', null],
  ['an object', { nested: 'x' }],
  ['a boolean', true],
  ['a 10 000-character string', 'x'.repeat(10_000)],
];

describe.each(JSON_ROUTES)('bad input to $method $url', ({ method, url: template, valid }) => {
  async function setup() {
    const { client, user } = await adminClient(t);
    return { client, url: template.replace('{id}', String(user.id)) };
  }

  it('malformed, empty, missing and non-object bodies answer 400', async () => {
    const { client, url } = await setup();
    const json = { 'content-type': 'application/json' };
    expect(
      expectClientError(
        await client.request({ method, url, payload: '{"a":', headers: json }),
        'malformed',
        400,
      ).message,
    ).toBe(messages.malformedJson);
    expect(
      expectClientError(
        await client.request({ method, url, payload: '', headers: json }),
        'empty',
        400,
      ).message,
    ).toBe(messages.malformedJson);
    expectClientError(await client.request({ method, url }), 'no body', 400);
    for (const payload of ['null', '[]', '"text"', '42', 'true', '{}', '[{"username":"admin"}]']) {
      expectClientError(
        await client.request({ method, url, payload, headers: json }),
        payload,
        400,
      );
    }
  });

  it('a wrong type or a missing value in any field answers 400', async () => {
    const { client, url } = await setup();
    for (const field of Object.keys(valid)) {
      for (const [label, value] of WRONG_TYPES) {
        // A number is the right type for an id; an email may be null ("none given").
        if (typeof value === typeof valid[field] && typeof value !== 'string') continue;
        if (field === 'email' && value === null) continue;
        const res = await client.request({ method, url, payload: { ...valid, [field]: value } });
        expectClientError(res, `${field} as ${label}`, 400);
      }
      const { [field]: _omitted, ...missing } = valid;
      const res = await client.request({ method, url, payload: missing });
      if (field !== 'email') expectClientError(res, `${field} missing`, 400);
    }
  });

  it('a NUL character in any text field never answers 5xx', async () => {
    const { client, url } = await setup();
    for (const field of Object.keys(valid)) {
      if (typeof valid[field] !== 'string') continue;
      const res = await client.request({ method, url, payload: { ...valid, [field]: `a\u0000b` } });
      expectClientError(res, `NUL in ${field}`);
    }
  });

  it('a body over 1 MB answers 413', async () => {
    const { client, url } = await setup();
    const field = Object.keys(valid)[0]!;
    const res = await client.request({
      method,
      url,
      payload: { ...valid, [field]: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(expectClientError(res, 'large', 413).message).toBe(messages.bodyTooLarge);
  });

  it('a body that is not JSON answers 415', async () => {
    const { client, url } = await setup();
    for (const [type, payload] of [
      ['application/xml', '<a/>'],
      ['application/x-www-form-urlencoded', 'username=admin&password=adminpass'],
      ['text/plain', JSON.stringify(valid)],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const res = await client.request({
        method,
        url,
        payload,
        headers: { 'content-type': type! },
      });
      expect(expectClientError(res, type!, 415).message).toBe(messages.unsupportedMediaType);
    }
  });
});

describe('bad ids in paths', () => {
  const ROUTES = [
    ['PUT', '/api/users/{id}/assign-account'],
    ['PATCH', '/api/users/{id}/approve'],
    ['DELETE', '/api/users/{id}/reject'],
  ] as const;

  it.each(ROUTES)('%s %s answers 400 or 404, never 5xx', async (method, template) => {
    const { client } = await adminClient(t);
    const ids = [
      'abc',
      '-1',
      '0',
      '1.5',
      '99999999999',
      '2147483648',
      '9'.repeat(300),
      '%E0%A4%A',
      '%00',
      'null',
      '1;drop table users',
    ];
    for (const id of ids) {
      const url = template.replace('{id}', id);
      const res = await client.request({
        method,
        url,
        ...(method === 'PUT' ? { payload: { accountId: 1 } } : {}),
      });
      expectClientError(res, id.slice(0, 20), res.statusCode === 404 ? 404 : 400);
    }
    const unknown = await client.request({
      method,
      url: template.replace('{id}', '424242'),
      ...(method === 'PUT' ? { payload: { accountId: 1 } } : {}),
    });
    expectClientError(unknown, 'unknown id', 404);
  });
});

describe('garbage everywhere', () => {
  it('no API route answers 5xx to garbage, anonymous or as administrator', async () => {
    const { client: admin } = await adminClient(t);
    const doc = (await admin.get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const anon = new TestClient(t.app);
    for (const [method, url] of routes) {
      if (url.includes('webhook')) continue;
      for (const client of [anon, admin]) {
        for (const payload of [
          undefined,
          '{"x":',
          '[1,2]',
          JSON.stringify({ a: 'x'.repeat(5000) }),
        ]) {
          const res = await client.request({
            method,
            url: method === 'GET' ? `${url}?year=abc&month=99&id=-1` : url,
            ...(payload === undefined || method === 'GET'
              ? {}
              : { payload, headers: { 'content-type': 'application/json' } }),
          });
          expect(
            res.statusCode,
            `${method} ${url} ${payload?.slice(0, 10)}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        }
      }
    }
    // The administrator's session is intact after all of it (unless a call changed the password).
    expect((await admin.get('/api/auth/status')).statusCode).toBe(200);
  });

  it('odd cookies and headers are harmless', async () => {
    for (const cookie of [
      'sid=%E0%A4%A',
      'sid',
      '=;=;',
      'XSRF-TOKEN=%ff; sid=\u00e9',
      'a=b'.repeat(500),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/status',
        headers: { cookie },
      });
      expect(res.statusCode, cookie.slice(0, 20)).toBe(200);
      expect(res.json().authenticated).toBe(false);
    }
  });
});

describe('the error handler', () => {
  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    register(app);
    await app.ready();
    return app;
  }

  it('hides an unexpected error behind a generic 500', async () => {
    const app = await appWith((a) => {
      a.get('/boom', async () => {
        throw new Error('select * from users where password_hash = secret');
      });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.internalError, code: 'internal_error' });
    await app.close();
  });

  it('hides a database error (wrapped by Drizzle) behind a generic 500', async () => {
    const app = await appWith((a) => {
      a.get('/dup', async () => {
        const cause = Object.assign(
          new Error('duplicate key value violates unique constraint "users_username_lower_key"'),
          { code: '23505' },
        );
        throw new Error('Failed query: insert into "users"', { cause });
      });
    });
    const res = await app.inject({ method: 'GET', url: '/dup' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.internalError, code: 'internal_error' });
    await app.close();
  });

  it('answers an AppError with its status, message and code only', async () => {
    const app = await appWith((a) => {
      a.get('/conflict', async () => {
        throw new AppError(409, 'username_taken', 'That is taken.');
      });
    });
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That is taken.', code: 'username_taken' });
    await app.close();
  });

  it("adds an AppError's details to the answer, never over its message or code", async () => {
    const app = await appWith((a) => {
      a.get('/taken', async () => {
        throw new AppError(409, 'days_taken', 'Taken.', {
          details: { days: ['2030-01-02'], message: 'other', code: 'conflict' },
        });
      });
    });
    const res = await app.inject({ method: 'GET', url: '/taken' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Taken.', code: 'days_taken', days: ['2030-01-02'] });
    await app.close();
  });

  it('answers a validation error with 400, the first message and the issues by path', async () => {
    const app = await appWith((a) => {
      a.withTypeProvider<ZodTypeProvider>().post('/v', {
        schema: { body: z.object({ name: z.string().min(1, 'Name please.'), age: z.number() }) },
        handler: async () => ({ ok: true }),
      });
    });
    const res = await app.inject({ method: 'POST', url: '/v', payload: { name: '', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Name please.');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'Name please.' },
        expect.objectContaining({ path: 'body.age' }),
      ]),
    );
    await app.close();
  });

  it('answers 429 with the rate-limit message and a Retry-After header', async () => {
    const app = await appWith((a) => {
      a.get('/slow', async () => {
        throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), {
          statusCode: 429,
        });
      });
    });
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: messages.rateLimited, code: 'rate_limited' });
    expect(res.headers['retry-after']).toBe('60');
    await app.close();
  });

  it('keeps the status of other framework 4xx errors with a generic message', async () => {
    const app = await appWith((a) => {
      a.get('/teapot', async () => {
        throw Object.assign(new Error('internal detail'), { statusCode: 418 });
      });
    });
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: messages.invalidInput, code: 'bad_request' });
    await app.close();
  });
});
