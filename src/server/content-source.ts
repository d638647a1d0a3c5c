import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps.js';
import { contentDir } from './content.js';
import type { LiveContent } from './modules/site-content/live-content.js';
import { openContentStore, type ContentStore } from './modules/site-content/store.js';
import { loadPricing } from './pricing-content.js';

/**
 * Where the app's content comes from (docs/site-content.md): the database,
 * seeded from content/ (a test's own LiveContent instead, or a test's own
 * value of single kinds, which edits then do not change). Every service asks
 * it for the current value at each use.
 */
export async function contentFor(
  deps: AppDeps,
  logger: FastifyBaseLogger,
): Promise<{ content: LiveContent; store?: ContentStore }> {
  if (deps.content) return { content: bound(deps.content) };
  const store = await openContentStore({
    db: deps.database.db,
    dir: deps.contentDir ?? contentDir,
    defaults: deps.config,
    pollMs: deps.contentPollMs ?? 1_000,
    logger,
    pinned: {
      ...(deps.pricing && { pricing: loadPricing(deps.config, deps.pricing) }),
      ...(deps.facility && { facility: deps.facility }),
      ...(deps.agreement !== undefined && { agreement: deps.agreement }),
      ...(deps.rooms && { rooms: deps.rooms }),
      ...(deps.arrival && { arrival: deps.arrival }),
    },
  });
  return { content: bound(store), store };
}

/** Each getter a plain function: services keep it apart from its object. */
function bound(content: LiveContent): LiveContent {
  return {
    pricing: () => content.pricing(),
    site: () => content.site(),
    houseName: () => content.houseName(),
    agreement: () => content.agreement(),
    rooms: () => content.rooms(),
    arrival: () => content.arrival(),
    stamp: () => content.stamp(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The house's content as it is now (docs/site-content.md). */
    content: LiveContent;
    /** The database's content (none when a test gives its own). */
    contentStore: ContentStore | undefined;
  }
}
