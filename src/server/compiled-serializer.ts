import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses are written by serialisers compiled from the routes' zod schemas
 * (zod → JSON Schema → fast-json-stringify), once per route by its first answer,
 * instead of zod checking every answer and `JSON.stringify` walking it again.
 * A compiled serialiser writes only the properties its schema names, as zod
 * did. See docs/operations.md, "Speed".
 *
 * A schema JSON Schema cannot express (a transform, a date object) keeps zod's
 * serialiser. With `check`, used by the tests, each answer is also checked
 * against the zod schema first, so a presenter that strays from its schema
 * fails a test instead of being coerced quietly.
 */
type ZodSerializerInput = Parameters<typeof zodSerializerCompiler>[0];

export interface CompiledSerializerOptions {
  /** Check each answer against its zod schema too (tests). */
  check: boolean;
}

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/** The JSON Schema of what a zod schema outputs, or null when it has no exact one. */
export function outputJsonSchema(schema: z.ZodType): object | null {
  try {
    return z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
    });
  } catch {
    return null;
  }
}

export function createCompiledSerializerCompiler(
  options: CompiledSerializerOptions,
): FastifySerializerCompiler<unknown> {
  // Compiled by a route's first answer, not at start: most routes of an
  // instance's life answer rarely, and start-up stays short (docs/operations.md).
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compile(route, options))(data);
  };
}

function compile(
  route: Parameters<FastifySerializerCompiler<unknown>>[0],
  options: CompiledSerializerOptions,
): (data: unknown) => string {
  const zodFallback = zodSerializerCompiler(route as ZodSerializerInput);
  const schema = zodSchemaOf(route.schema);
  const json = schema ? outputJsonSchema(schema) : null;
  if (!schema || !json) return zodFallback;
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return zodFallback;
  }
  if (!options.check) return stringify;
  return (data) => {
    // Throws the same error zod's serialiser would (a 500, logged).
    zodFallback(data);
    return stringify(data);
  };
}
