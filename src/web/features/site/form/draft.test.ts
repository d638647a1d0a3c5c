import { describe, expect, it } from 'vitest';
import { getAt, issuePath, sameJson, setAt } from './draft.js';

describe('the draft', () => {
  const doc = { a: { b: [1, { c: 'x' }] }, d: { e: 1 } };

  it('changes one value, copying only the containers on its way', () => {
    const next = setAt(doc, ['a', 'b', 1, 'c'], 'y') as typeof doc;
    expect(getAt(next, ['a', 'b', 1, 'c'])).toBe('y');
    expect(doc.a.b[1]).toEqual({ c: 'x' });
    expect(next.d).toBe(doc.d);
    expect(next.a.b[0]).toBe(1);
  });

  it('leaves a key out for undefined, and builds what is missing on the way', () => {
    expect(setAt({ a: 1, b: 2 }, ['b'], undefined)).toEqual({ a: 1 });
    expect(setAt({}, ['group', 'deposit', 'percent'], 25)).toEqual({
      group: { deposit: { percent: 25 } },
    });
    expect(setAt([], [0, 'id'], 'cedar')).toEqual([{ id: 'cedar' }]);
  });

  it('compares drafts by their JSON, keys in any order', () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
  });

  it("reads the server's paths, as lists or as text", () => {
    expect(issuePath(['albums', 0, 'images', 1, 'src'])).toEqual(['albums', 0, 'images', 1, 'src']);
    expect(issuePath('body.albums.0.images.1.src')).toEqual(['albums', 0, 'images', 1, 'src']);
    expect(issuePath('body.0.id')).toEqual([0, 'id']);
    expect(issuePath('body')).toEqual([]);
    expect(issuePath(undefined)).toEqual([]);
  });
});
