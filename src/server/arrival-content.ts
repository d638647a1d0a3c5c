import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentDir } from './content.js';
import { arrivalFileSchema, type ArrivalContent } from '../shared/schemas/arrival.js';

export { arrivalFileSchema, type ArrivalContent };

/**
 * Reads and checks content/arrival.json (content/README.md, docs/mail.md);
 * throws with the list of what is wrong, so a broken file fails loudly instead
 * of producing half a mail.
 */
export function loadArrivalContent(dir = contentDir): ArrivalContent {
  const file = path.join(dir, 'arrival.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} cannot be read: ${(err as Error).message}`);
  }
  const parsed = arrivalFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`,
    );
    throw new Error(`${file} is not valid:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
