import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import {
  facilityFile,
  floorPlansFile,
  galleryFile,
  outdoorMapFile,
  pagesFile,
  type FacilityContent,
  type SiteContent,
} from '../shared/schemas/content.js';

export type { FacilityContent, SiteContent };

/**
 * The house's own content: another house replaces content/
 * (see content/README.md). The server serves the name and description; the web
 * app imports the same files at build time. Everything is checked here, when
 * the server starts, so that a broken content/ folder fails loudly.
 */
export const contentDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../content',
);

function readJson<T>(dir: string, name: string, schema: z.ZodType<T>): T {
  const file = path.join(dir, name);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} cannot be read: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `${file} is not valid:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return parsed.data;
}

/** Ids unique within a list, and cross-references that point somewhere. */
function crossCheck(dir: string, content: SiteContent): string[] {
  const problems: string[] = [];
  const duplicates = (where: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const i of ids) {
      if (seen.has(i)) problems.push(`${where}: the id "${i}" is used twice`);
      seen.add(i);
    }
  };
  const { gallery, floorPlans, outdoorMap, pages } = content;
  duplicates(
    'gallery.json albums',
    gallery.albums.map((a) => a.id),
  );
  const galleryImages = gallery.albums.flatMap((a) => a.images);
  duplicates(
    'gallery.json images',
    galleryImages.map((i) => i.id),
  );
  duplicates(
    'floor-plans.json levels',
    floorPlans.levels.map((l) => l.id),
  );
  for (const level of floorPlans.levels)
    duplicates(
      `floor-plans.json ${level.id} areas`,
      level.areas.map((a) => a.id),
    );
  duplicates(
    'outdoor-map.json features',
    outdoorMap.features.map((f) => f.id),
  );
  for (const h of pages.home.highlights) {
    if (!galleryImages.some((i) => i.id === h))
      problems.push(`pages.json home.highlights: "${h}" is not the id of a gallery image`);
  }
  const pictures = [
    ...galleryImages.map((i) => ['gallery.json', i.src]),
    ...floorPlans.levels.flatMap((l) => [
      ['floor-plans.json', l.image],
      ...l.areas.flatMap((a) => a.roomImages.map((i) => ['floor-plans.json', i.src])),
    ]),
  ];
  for (const [file, src] of pictures) {
    if (!existsSync(path.join(dir, src!)))
      problems.push(`${file}: the image ${src} is not in ${dir}`);
  }
  return problems;
}

/** Reads and checks every file of content/ (see content/README.md). */
export function loadSiteContent(dir = contentDir): SiteContent {
  const content: SiteContent = {
    facility: readJson(dir, 'facility.json', facilityFile),
    pages: readJson(dir, 'pages.json', pagesFile),
    gallery: readJson(dir, 'gallery.json', galleryFile),
    floorPlans: readJson(dir, 'floor-plans.json', floorPlansFile),
    outdoorMap: readJson(dir, 'outdoor-map.json', outdoorMapFile),
  };
  const problems = crossCheck(dir, content);
  if (problems.length > 0)
    throw new Error(`${dir} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return content;
}

/** The facility's name, description and address; checks the rest of content/ too. */
export function loadFacilityContent(dir = contentDir): FacilityContent {
  return loadSiteContent(dir).facility;
}
