/** The draft of one kind of content: plain JSON, changed along a path without touching the rest. */

/** Where a value stands in a kind's JSON: keys of objects and indexes of lists. */
export type Path = readonly (string | number)[];

/** A path as one string, for looking up a field's problem. */
export const pathKey = (path: Path) => path.join('.');

/** The path with each list index as `*`: the key of a field's words in field-words.ts. */
export const wordKey = (path: Path) =>
  path.map((part) => (typeof part === 'number' ? '*' : part)).join('.');

/** The id of a field's input (or of a list's or group's frame), for moving the focus to it. */
export const fieldId = (path: Path) =>
  `site-field${path.map((part) => `-${String(part)}`).join('')}`;

type Container = Record<string, unknown> | unknown[];

export function getAt(doc: unknown, path: Path): unknown {
  let value = doc;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/**
 * The document with `value` at `path`; the containers on the way are copied,
 * every other part is kept as it was. `undefined` leaves an object's key out.
 */
export function setAt(doc: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container: Container =
    doc !== null && typeof doc === 'object'
      ? Array.isArray(doc)
        ? [...(doc as unknown[])]
        : { ...(doc as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const next = setAt((container as Record<string | number, unknown>)[head], rest, value);
  if (Array.isArray(container)) container[head as number] = next;
  else if (next === undefined) delete container[head as string];
  else container[head as string] = next;
  return container;
}

/** Whether two drafts hold the same JSON (keys in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((item, i) => sameJson(item, list[i]));
  }
  const left = Object.entries(a).filter(([, v]) => v !== undefined);
  const right = Object.entries(b).filter(([, v]) => v !== undefined);
  return (
    left.length === right.length &&
    left.every(([key, v]) => sameJson(v, (b as Record<string, unknown>)[key]))
  );
}

/**
 * The path of a problem the server names: a list of keys and indexes, or a
 * text such as `body.albums.0.images.1.alt`.
 */
export function issuePath(path: unknown): Path {
  if (Array.isArray(path))
    return path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  if (typeof path !== 'string' || path === '') return [];
  const parts = path.split('.');
  if (parts[0] === 'body') parts.shift();
  return parts.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
