/**
 * The answers of the error handler itself, on a bare Fastify app: unexpected
 * and database errors hidden behind a 500, AppErrors, validation and rate limits.
 */
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
import errorHandler from './error-handler.js';

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
