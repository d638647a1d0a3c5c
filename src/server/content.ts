import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The house's own content (ARCHITECTURE §3): another house replaces content/. */
export const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

const facilityFile = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  address: z.object({
    street: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
});
export type FacilityContent = z.infer<typeof facilityFile>;

export function loadFacilityContent(dir = contentDir): FacilityContent {
  const file = path.join(dir, 'facility.json');
  const parsed = facilityFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not valid:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}
