import { describe, expect, it } from 'vitest';
import {
  enumItems,
  fieldType,
  formSchemaOf,
  resolve,
  type JsonSchema,
} from './form/json-schema.js';
import { entryName, FIELD_WORDS, fieldWords, humanise, placeOf } from './field-words.js';
import { CONTENT_NAMES, type ContentName } from './kinds.js';

/** Every field of a kind's schema, by its words' key; a list of choices is one field. */
function fieldKeys(schema: JsonSchema, root: JsonSchema, key = ''): string[] {
  const s = resolve(schema, root);
  const keys = key ? [key] : [];
  const at = (part: string) => (key ? `${key}.${part}` : part);
  if (fieldType(s) === 'object')
    for (const [name, prop] of Object.entries(s.properties ?? {}))
      keys.push(...fieldKeys(prop, root, at(name)));
  if (fieldType(s) === 'array' && s.items && !enumItems(s, root) && !key.endsWith('weekdays'))
    keys.push(...fieldKeys(s.items, root, at('*')));
  return keys;
}

/** The options of every fixed list of a kind, by its words' key. */
function enumKeys(schema: JsonSchema, root: JsonSchema, key = ''): [string, string[]][] {
  const s = resolve(schema, root);
  const own: [string, string[]][] = s.enum ? [[key, s.enum.map(String)]] : [];
  const items = fieldType(s) === 'array' ? enumItems(s, root) : null;
  if (items) return [[key, items.map(String)]];
  const at = (part: string) => (key ? `${key}.${part}` : part);
  return [
    ...own,
    ...Object.entries(s.properties ?? {}).flatMap(([n, p]) => enumKeys(p, root, at(n))),
    ...(s.items && fieldType(s) === 'array' ? enumKeys(s.items, root, at('*')) : []),
  ];
}

describe('field words', () => {
  it.each(CONTENT_NAMES)('name every field of %s, and only fields it has', (name: ContentName) => {
    const root = formSchemaOf(name);
    const keys = fieldKeys(root, root);
    expect(keys.length).toBeGreaterThan(2);
    const missing = keys.filter((k) => !FIELD_WORDS[name][k]);
    expect(missing).toEqual([]);
    const unknown = Object.keys(FIELD_WORDS[name]).filter((k) => k !== '' && !keys.includes(k));
    expect(unknown).toEqual([]);
    for (const key of keys) expect(FIELD_WORDS[name][key]!.label).not.toBe('');
  });

  it.each(CONTENT_NAMES)('name every choice of %s', (name: ContentName) => {
    const root = formSchemaOf(name);
    for (const [key, options] of enumKeys(root, root))
      for (const option of options) expect(FIELD_WORDS[name][key]?.options?.[option]).toBeTruthy();
  });

  it('give the sentence of a field, and fall back to its key in words', () => {
    expect(fieldWords('pricing', ['group', 'perPersonNightCents'])).toEqual({
      label: 'Price per person per night',
      description: "What each guest pays for a night's lodging; meals are extra.",
    });
    expect(fieldWords('gallery', ['albums', 3, 'title']).label).toBe('Album title');
    expect(fieldWords('pricing', ['group', 'someNewRuleCents']).label).toBe('Some new rule');
    expect(humanise('postalCode')).toBe('Postal code');
  });

  it('say where a field stands, entry by entry', () => {
    expect(placeOf('gallery', ['albums', 1, 'images', 0, 'alt'])).toBe(
      'Album 2 › Picture 1 › Describe the picture for people who cannot see it',
    );
    expect(placeOf('gallery', ['albums'])).toBe('Albums');
    expect(placeOf('rooms', [2, 'beds'])).toBe('Bedroom 3 › Beds');
    expect(placeOf('rooms', [])).toBe('Bedrooms');
    expect(entryName('floor-plans', ['levels', 0, 'areas', 2, 'roomImages', 1])).toBe(
      'Photo 2 of Room 3 of Floor 1',
    );
  });
});
