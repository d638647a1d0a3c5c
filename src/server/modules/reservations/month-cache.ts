/**
 * The public calendar of a month as ready-to-send JSON (with its ETag). Every reservation
 * change on this instance clears it at once; the short lifetime bounds how
 * long another instance's change can stay unseen (a few seconds).
 */
export function createMonthCache<T>(ttlMs = 5_000, maxEntries = 240) {
  const entries = new Map<string, { value: T; expires: number }>();
  let generation = 0;

  return {
    async get(year: number, month: number, load: () => Promise<T>): Promise<T> {
      const key = `${year}-${month}`;
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      const startedAt = generation;
      const value = await load();
      // A change during the load makes this answer possibly stale: do not keep it.
      if (startedAt === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, expires: now + ttlMs });
      }
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

export type MonthCache = ReturnType<typeof createMonthCache>;
