import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../shared/schemas/profile.js';
import { groupEntries } from './group.js';

let nextId = 100;
const entry = (over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: nextId--,
  kind: 'profile_updated',
  summary: 'Account profile updated: no changes.',
  createdAt: '2027-03-02T10:00:00.000Z',
  username: 'member',
  reservationId: null,
  documentId: null,
  ...over,
});

describe('groupEntries', () => {
  it('groups consecutive entries of the same kind, summary and user, with their count and span', () => {
    const run = [
      entry({ createdAt: '2027-03-02T10:04:00.000Z' }),
      entry({ createdAt: '2027-03-02T10:02:00.000Z' }),
      entry({ createdAt: '2027-03-02T10:00:00.000Z' }),
    ];
    const other = entry({ kind: 'document_uploaded', summary: 'Document added: a.pdf' });
    const groups = groupEntries([...run, other]);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      key: run[0]!.id,
      kind: 'profile_updated',
      count: 3,
      newest: '2027-03-02T10:04:00.000Z',
      oldest: '2027-03-02T10:00:00.000Z',
      entries: run,
    });
    expect(groups[1]).toMatchObject({ key: other.id, count: 1, entries: [other] });
  });

  it('keeps apart entries that differ in kind, summary or user', () => {
    const base = entry();
    const groups = groupEntries([
      base,
      entry({ username: 'other' }),
      entry({ username: null }),
      entry({ summary: 'Account profile updated: account name changed.' }),
      entry({ kind: 'something_else' }),
    ]);
    expect(groups.map((g) => g.count)).toEqual([1, 1, 1, 1, 1]);
  });

  it('groups only neighbours: the same event after another one starts a new item', () => {
    const a1 = entry();
    const b = entry({ kind: 'document_deleted', summary: 'Document removed: a.pdf' });
    const a2 = entry();
    const a3 = entry();
    expect(groupEntries([a1, b, a2, a3]).map((g) => [g.key, g.count])).toEqual([
      [a1.id, 1],
      [b.id, 1],
      [a2.id, 2],
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(groupEntries([])).toEqual([]);
  });
});
