import type { Db } from './open.js';

/** Opt-in paging of a list (docs/lists.md): without `limit`, every item. */
export interface PageWindow {
  limit?: number | undefined;
  offset?: number | undefined;
}

/**
 * A list and its total. With `limit`, the page and the COUNT of every match are
 * read in one read-only REPEATABLE READ transaction, so both see the same
 * snapshot (a row added between them cannot make the total disagree with the
 * page). Without it the list is every item and the total its length.
 */
export async function readPage<T>(
  db: Db,
  window: PageWindow,
  rows: (db: Db, page: { limit: number; offset: number } | undefined) => Promise<T[]>,
  count: (db: Db) => Promise<number>,
): Promise<{ items: T[]; total: number }> {
  if (window.limit === undefined) {
    const items = await rows(db, undefined);
    return { items, total: items.length };
  }
  const page = { limit: window.limit, offset: window.offset ?? 0 };
  return db.transaction(
    async (tx) => {
      const snapshot = tx as unknown as Db;
      const items = await rows(snapshot, page);
      return { items, total: await count(snapshot) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
