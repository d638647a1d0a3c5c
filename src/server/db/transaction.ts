import type { Db } from './open.js';

/**
 * Runs `work` in one transaction: everything it writes commits together or not
 * at all. Services pass the `tx` it gets to every write of the mutation (the
 * row, its account event, its ledger entry and its documents).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
