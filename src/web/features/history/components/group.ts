import type { HistoryEntry } from '../../../../shared/schemas/profile.js';

/** One timeline item: one entry, or a run of the same entry repeated. */
export interface EntryGroup {
  /** The id of the newest entry of the run: a stable React key. */
  key: number;
  kind: string;
  summary: string;
  username: string | null;
  /** How many entries the run holds (1 for a lone entry). */
  count: number;
  /** When the newest and the oldest entry of the run happened. */
  newest: string;
  oldest: string;
  entries: HistoryEntry[];
}

const sameEvent = (a: HistoryEntry, b: HistoryEntry) =>
  a.kind === b.kind && a.summary === b.summary && a.username === b.username;

/**
 * Groups consecutive entries (the list is newest first) with the same kind,
 * summary and user into one item with their count and span of times. Only
 * neighbours are grouped: the same event with something else in between is
 * shown twice, so the order of what happened stays true.
 */
export function groupEntries(entries: readonly HistoryEntry[]): EntryGroup[] {
  const groups: EntryGroup[] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last && sameEvent(last.entries[0]!, entry)) {
      last.entries.push(entry);
      last.count += 1;
      last.oldest = entry.createdAt;
      continue;
    }
    groups.push({
      key: entry.id,
      kind: entry.kind,
      summary: entry.summary,
      username: entry.username,
      count: 1,
      newest: entry.createdAt,
      oldest: entry.createdAt,
      entries: [entry],
    });
  }
  return groups;
}
