import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages.js';
import { validationFailed } from '../errors.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where in `value` a string is not well-formed Unicode (a lone surrogate,
 * which JSON's `\ud800` can give), as a dotted path, or null. Such text can
 * be neither stored, put in a link nor mailed.
 */
export function illFormedPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? '' : null;
  if (!value || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const below = illFormedPath(item, depth + 1);
    if (below !== null) return below ? `${key}.${below}` : key;
  }
  return null;
}

/** Refuses text that is not well-formed Unicode in any request's body, query or path (400). */
async function wellFormedText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = { body: request.body, querystring: request.query, params: request.params };
    for (const [part, value] of Object.entries(parts)) {
      const at = illFormedPath(value);
      if (at !== null)
        throw validationFailed([
          { path: at ? `${part}.${at}` : part, message: messages.illFormedText },
        ]);
    }
  });
}

export default fp(wellFormedText, { name: 'well-formed-text', fastify: '5.x' });
