import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { agreementContentSchema, type AgreementContent } from '../shared/schemas/agreement.js';
import { contentDir } from './content.js';

/**
 * content/agreement.json (content/README.md, docs/money.md): the house's
 * facility agreement, or null when the house has none (then no stay needs one).
 * Checked at start like the rest of content/.
 */
export function loadAgreementContent(dir = contentDir): AgreementContent | null {
  const file = path.join(dir, 'agreement.json');
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} cannot be read: ${(err as Error).message}`);
  }
  const parsed = agreementContentSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`,
    );
    throw new Error(`${file} is not valid:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
