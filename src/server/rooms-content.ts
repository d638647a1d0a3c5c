import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { roomsContentSchema, type Room } from '../shared/schemas/questionnaire.js';
import { contentDir } from './content.js';

/**
 * content/rooms.json (content/README.md, docs/stays.md): the bedrooms a group's
 * leader places names in, or none when the house has no such file. Checked at
 * start like the rest of content/.
 */
export function loadRoomsContent(dir = contentDir): Room[] {
  const file = path.join(dir, 'rooms.json');
  if (!existsSync(file)) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} cannot be read: ${(err as Error).message}`);
  }
  const parsed = roomsContentSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`,
    );
    throw new Error(`${file} is not valid:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
