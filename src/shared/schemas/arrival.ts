import { z } from './zod.js';

/**
 * content/arrival.json (content/README.md, docs/mail.md): what a group needs to
 * know to arrive, sent in the stay reminder a few days before its first day.
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
