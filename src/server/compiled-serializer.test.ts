import fastJson from 'fast-json-stringify';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCompiledSerializerCompiler, outputJsonSchema } from './compiled-serializer.js';
import { useTestApp } from './testing/harness.js';

const t = useTestApp();

const item = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(['pending', 'approved']),
});

async function appWith(check: boolean, answer: unknown, schema: z.ZodType = item) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createCompiledSerializerCompiler({ check }));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/thing', { schema: { response: { 200: schema } } }, async () => answer as never);
  await app.ready();
  return app;
}

describe('compiled response serialisers', () => {
  it('write what zod would: the named properties only, nulls and arrays as they are', async () => {
    const answer = {
      id: 3,
      name: 'Quiet "days"\n',
      note: null,
      tags: ['a', 'ü'],
      status: 'pending',
      passwordHash: 'never sent',
    };
    for (const check of [false, true]) {
      const app = await appWith(check, answer);
      const res = await app.inject({ url: '/thing' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(item.parse(answer));
      expect(res.body).not.toContain('passwordHash');
      await app.close();
    }
  });

  it("compile a route's serialiser by its first answer, once, not when the route is declared", () => {
    let reads = 0;
    const route = {
      method: 'GET',
      url: '/thing',
      httpStatus: '200',
      get schema() {
        reads++;
        return item;
      },
    };
    const compiler = createCompiledSerializerCompiler({ check: false });
    const serialize = compiler(route as unknown as Parameters<typeof compiler>[0]);
    expect(reads).toBe(0);
    const answer = { id: 1, name: 'a', note: null, tags: [], status: 'approved' };
    expect(JSON.parse(serialize(answer))).toEqual(answer);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    serialize(answer);
    expect(reads).toBe(afterFirst);
  });

  it('with check, refuse an answer that strays from its schema (a 500, not a coerced value)', async () => {
    const app = await appWith(true, {
      id: '3',
      name: 'x',
      note: null,
      tags: [],
      status: 'pending',
    });
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(500);
    await app.close();
    // Unchecked, the compiled serialiser is what writes it: it coerces where zod refused.
    const unchecked = await appWith(false, {
      id: '3',
      name: 'x',
      note: null,
      tags: [],
      status: 'pending',
    });
    expect((await unchecked.inject({ url: '/thing' })).json()).toMatchObject({ id: 3 });
    await unchecked.close();
  });

  it("keep zod's serialiser for a schema JSON Schema cannot express", async () => {
    const withDate = z.object({ at: z.date() });
    expect(outputJsonSchema(withDate)).toBeNull();
    const app = await appWith(false, { at: new Date('2027-05-01T00:00:00Z') }, withDate);
    const res = await app.inject({ url: '/thing' });
    expect(res.json()).toEqual({ at: '2027-05-01T00:00:00.000Z' });
    await app.close();
  });

  it("compile every response schema of the app's routes", () => {
    const notCompiled: string[] = [];
    for (const route of t.app.registeredRoutes) {
      for (const [status, schema] of Object.entries(route.schema.response ?? {})) {
        if (!(schema instanceof z.ZodType)) continue;
        const json = outputJsonSchema(schema);
        try {
          if (!json) throw new Error('no JSON Schema');
          fastJson(json as Parameters<typeof fastJson>[0]);
        } catch {
          notCompiled.push(`${route.method} ${route.url} ${status}`);
        }
      }
    }
    expect(notCompiled).toEqual([]);
    expect(t.app.registeredRoutes.filter((r) => r.schema.response).length).toBeGreaterThan(40);
  });
});
