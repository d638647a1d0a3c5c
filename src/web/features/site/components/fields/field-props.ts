import type { JsonSchema } from '../../form/json-schema.js';
import type { Path } from '../../form/draft.js';

/** What the editor gives each field: its schema, where it stands, and its value in the draft. */
export interface FieldProps {
  schema: JsonSchema;
  path: Path;
  value: unknown;
  /** The schema requires it (else it may be left out). */
  required: boolean;
  /** How deep in frames it is drawn (narrower padding further in). */
  depth: number;
  /** The label instead of the field's words (an entry of a list: "Paragraph 2"). */
  label?: string;
}

/** Two sentences as one description. */
export const joinSentences = (...parts: (string | undefined)[]) =>
  parts.filter(Boolean).join(' ') || undefined;
