/**
 * Fields whose value is the id of something else: the floor shown first is
 * one of the floors, the home page's highlighted pictures are gallery
 * pictures. They are chosen from a list rather than typed.
 */
import type { ContentName } from '../kinds.js';
import { wordKey, type Path } from './draft.js';

export interface Choice {
  value: string;
  label: string;
}

type Doc = Record<string, unknown>;
const list = (value: unknown): Doc[] =>
  Array.isArray(value) ? value.filter((v): v is Doc => v !== null && typeof v === 'object') : [];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Whether the field at `path` is chosen from a list. */
export const hasChoices = (name: ContentName, path: Path) =>
  (name === 'floor-plans' && wordKey(path) === 'defaultLevel') ||
  (name === 'pages' && wordKey(path) === 'home.highlights.*');

/** The choices of such a field from the draft and the other kinds; null when they are not known. */
export function choicesFor(
  name: ContentName,
  path: Path,
  draft: unknown,
  others: Partial<Record<ContentName, unknown>>,
): Choice[] | null {
  let choices: Choice[] | null = null;
  if (name === 'floor-plans' && wordKey(path) === 'defaultLevel')
    choices = list((draft as Doc | undefined)?.levels).map((level) => ({
      value: text(level.id),
      label: text(level.name) || text(level.id),
    }));
  if (name === 'pages' && wordKey(path) === 'home.highlights.*' && others.gallery)
    choices = list((others.gallery as Doc).albums).flatMap((album) =>
      list(album.images).map((image) => ({
        value: text(image.id),
        label: `${text(image.caption) || text(image.id)} (${text(album.title)})`,
      })),
    );
  if (!choices) return null;
  const seen = new Set<string>();
  return choices.filter((c) => c.value !== '' && !seen.has(c.value) && seen.add(c.value));
}
