import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { contentDir } from './content.js';

/**
 * content/arrival.json (content/README.md, docs/mail.md): what a group needs to
 * know to arrive, sent in the stay reminder a few days before its first day.
 * Checked when the server starts, like the rest of content/, so a broken file
 * fails loudly instead of producing half a mail.
 */
const text = z.string().trim().min(1, 'must not be empty');

export const arrivalFileSchema = z.strictObject({
  /** When guests can come in on their first day ("from 3 pm"). */
  arrivalTime: text,
  /** When the house must be left on the last day ("by 11 am"). */
  departureTime: text,
  /** How the group gets in: who meets them, where the keys are. */
  keys: text,
  /** Where to park. */
  parking: text.optional(),
  /** What the house does not provide; one item per entry. */
  whatToBring: z.array(text).default([]),
  /** Whom to call on the day (a name and a phone number). */
  contact: text.optional(),
  /** Anything else: house rules, leaving the house tidy. */
  notes: text.optional(),
});

export type ArrivalContent = z.infer<typeof arrivalFileSchema>;

/** Reads and checks content/arrival.json; throws with the list of what is wrong. */
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
