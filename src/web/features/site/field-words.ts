/**
 * The plain words of every field of every kind (docs/site-content.md): its
 * label and a sentence on what it does, by kind and by the field's path with
 * list indexes as `*`. A field without words is named after its key.
 */
import type { ContentName } from '../../../shared/site-content.js';
import { wordKey, type Path } from './form/draft.js';
import { floorPlansWords, galleryWords, outdoorMapWords } from './words/picture-words.js';
import { pricingWords } from './words/price-words.js';
import { facilityWords, pagesWords } from './words/site-words.js';
import { agreementWords, arrivalWords, roomsWords } from './words/stay-words.js';
import type { FieldWords, KindWords } from './words/types.js';

export type { FieldWords };

export const FIELD_WORDS: Record<ContentName, KindWords> = {
  facility: facilityWords,
  pages: pagesWords,
  gallery: galleryWords,
  'floor-plans': floorPlansWords,
  'outdoor-map': outdoorMapWords,
  pricing: pricingWords,
  arrival: arrivalWords,
  agreement: agreementWords,
  rooms: roomsWords,
};

/** `perPersonNightCents` as "Per person night", `postalCode` as "Postal code". */
export function humanise(key: string): string {
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** The words of the field at `path` of a kind. */
export function fieldWords(name: ContentName, path: Path): FieldWords {
  const found = FIELD_WORDS[name][wordKey(path)];
  if (found) return found;
  const last = [...path].reverse().find((part) => typeof part === 'string');
  return { label: humanise(last ?? name) };
}

/** The name of one entry of a list: "Album 2". */
export const itemName = (name: ContentName, path: Path) =>
  `${fieldWords(name, path).label} ${Number(path.at(-1)) + 1}`;

/**
 * Where a problem stands, in words: the entries on the way and the field,
 * e.g. "Album 2 › Picture 1 › Caption".
 */
export function placeOf(name: ContentName, path: Path): string {
  const parts: string[] = [];
  path.forEach((part, i) => {
    const at = path.slice(0, i + 1);
    if (typeof part === 'number') parts.push(itemName(name, at));
    else if (typeof path[i + 1] !== 'number' || i === path.length - 1)
      parts.push(fieldWords(name, at).label);
  });
  return parts.join(' › ') || fieldWords(name, []).label;
}

/**
 * The entry a path stands in, with the entries around it: "Picture 2 of
 * Album 1"; the kind's own name at the top.
 */
export function entryName(name: ContentName, path: Path): string {
  const names = path.flatMap((part, i) =>
    typeof part === 'number' ? [itemName(name, path.slice(0, i + 1))] : [],
  );
  return names.reverse().join(' of ');
}
