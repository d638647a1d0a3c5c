/**
 * The editor's forms are drawn from the shared schemas (docs/site-content.md):
 * each kind's zod schema as JSON Schema, the input side (a field with a
 * default may be left out). Refinements do not show here; the draft is
 * checked with the zod schema itself before it is sent.
 */
import { contentSchemas, type ContentName } from '../../../../shared/site-content.js';
import { z } from '../../../../shared/schemas/zod.js';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: readonly unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

const schemas = new Map<ContentName, JsonSchema>();

/** The JSON Schema of a kind, made once. */
export function formSchemaOf(name: ContentName): JsonSchema {
  let schema = schemas.get(name);
  if (!schema) {
    schema = z.toJSONSchema(contentSchemas[name], {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    schemas.set(name, schema);
  }
  return schema;
}

/** A schema with its `$ref` followed and a single non-null `anyOf` branch taken. */
export function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (schema.$ref?.startsWith('#/$defs/')) {
    const target = root.$defs?.[schema.$ref.slice('#/$defs/'.length)];
    const { $ref: _ref, ...rest } = schema;
    return target ? resolve({ ...target, ...rest }, root) : rest;
  }
  const branches = (schema.anyOf ?? schema.oneOf)?.filter((b) => b.type !== 'null');
  if (branches?.length === 1) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return resolve({ ...branches[0], ...rest }, root);
  }
  if (schema.allOf?.length === 1) {
    const { allOf: _all, ...rest } = schema;
    return resolve({ ...schema.allOf[0], ...rest }, root);
  }
  return schema;
}

export type FieldType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'enum' | 'unknown';

/** Which input a schema is edited with. */
export function fieldType(schema: JsonSchema): FieldType {
  if (schema.enum) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'object' || type === 'array' || type === 'string' || type === 'boolean') return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return 'unknown';
}

export const isInteger = (schema: JsonSchema) =>
  schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));

/** The value a new entry of a list starts with: required fields empty, optional ones left out. */
export function emptyValueFor(schema: JsonSchema, root: JsonSchema): unknown {
  const s = resolve(schema, root);
  switch (fieldType(s)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {}))
        if (s.required?.includes(key)) value[key] = emptyValueFor(prop, root);
      return value;
    }
    case 'array':
      return s.items && (s.minItems ?? 0) > 0
        ? Array.from({ length: s.minItems ?? 0 }, () => emptyValueFor(s.items!, root))
        : [];
    case 'enum':
      return s.enum?.[0];
    case 'string':
      return '';
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/** The key of an image object's picture: `src` (gallery and room photos) or `image` (a floor plan). */
export function pictureKey(schema: JsonSchema): 'src' | 'image' | null {
  const props = schema.properties ?? {};
  if (!props.width || !props.height) return null;
  if (props.src) return 'src';
  if (props.image) return 'image';
  return null;
}

/** An array of choices from a fixed list (the meals): a group of checkboxes. */
export function enumItems(schema: JsonSchema, root: JsonSchema): readonly unknown[] | null {
  if (!schema.items) return null;
  return resolve(schema.items, root).enum ?? null;
}
