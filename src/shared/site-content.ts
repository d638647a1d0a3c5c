/**
 * The kinds of content the staff edit (docs/site-content.md): one name each,
 * the file in content/ that seeds it, the schema that checks it, and the
 * checks across kinds (ids used twice, highlights naming gallery pictures).
 * The server checks every edit with these; the admin's forms are drawn from
 * the same schemas.
 */
import type { z } from 'zod';
import { agreementContentSchema } from './schemas/agreement.js';
import { arrivalFileSchema } from './schemas/arrival.js';
import {
  facilityFile,
  floorPlansFile,
  galleryFile,
  outdoorMapFile,
  pagesFile,
} from './schemas/content.js';
import {
  BALANCE_DUE_DAYS_DEFAULT,
  FINAL_COUNT_DUE_DAYS_DEFAULT,
  pricingFileSchema,
} from './schemas/pricing.js';
import { roomsContentSchema } from './schemas/questionnaire.js';

export const CONTENT_NAMES = [
  'facility',
  'pages',
  'gallery',
  'floor-plans',
  'outdoor-map',
  'pricing',
  'arrival',
  'agreement',
  'rooms',
] as const;
export type ContentName = (typeof CONTENT_NAMES)[number];

export function isContentName(name: string): name is ContentName {
  return (CONTENT_NAMES as readonly string[]).includes(name);
}

/** The schema of each kind: the same as checks its file in content/. */
export const contentSchemas: Record<ContentName, z.ZodType> = {
  facility: facilityFile,
  pages: pagesFile,
  gallery: galleryFile,
  'floor-plans': floorPlansFile,
  'outdoor-map': outdoorMapFile,
  pricing: pricingFileSchema,
  arrival: arrivalFileSchema,
  agreement: agreementContentSchema,
  rooms: roomsContentSchema,
};

/** The kinds the public pages draw; the server puts them in every page for the browser. */
export const PUBLIC_CONTENT_NAMES = [
  'facility',
  'pages',
  'gallery',
  'floor-plans',
  'outdoor-map',
] as const satisfies readonly ContentName[];

export interface ContentIssue {
  path: (string | number)[];
  message: string;
}

type Doc = Record<string, unknown>;
type WithId = { id: string };
const asList = (value: unknown): Doc[] => (Array.isArray(value) ? (value as Doc[]) : []);

function duplicates(items: WithId[], at: (i: number) => (string | number)[]): ContentIssue[] {
  const seen = new Set<string>();
  const issues: ContentIssue[] = [];
  items.forEach((item, i) => {
    if (seen.has(item.id))
      issues.push({ path: at(i), message: `the id "${item.id}" is used twice` });
    seen.add(item.id);
  });
  return issues;
}

/** Every picture path a kind names, with where it stands. */
export function imagePathsOf(
  name: ContentName,
  body: unknown,
): { path: (string | number)[]; src: string }[] {
  const doc = body as Doc;
  if (name === 'gallery')
    return asList(doc.albums).flatMap((album, a) =>
      asList(album.images).map((image, i) => ({
        path: ['albums', a, 'images', i, 'src'],
        src: String(image.src),
      })),
    );
  if (name === 'floor-plans')
    return asList(doc.levels).flatMap((level, l) => [
      { path: ['levels', l, 'image'], src: String(level.image) },
      ...asList(level.areas).flatMap((area, a) =>
        asList(area.roomImages).map((image, i) => ({
          path: ['levels', l, 'areas', a, 'roomImages', i, 'src'],
          src: String(image.src),
        })),
      ),
    ]);
  return [];
}

/**
 * The final count comes before the balance (or on its day): the invoice that
 * follows the count then sets what the balance is, and nobody pays on the
 * estimate to be invoiced again.
 */
function dueDaysInOrder(group: Doc | undefined): ContentIssue[] {
  if (!group) return [];
  const balance = Number(group.balanceDueDaysBeforeStart ?? BALANCE_DUE_DAYS_DEFAULT);
  const finalCount = Number(group.finalCountDueDaysBeforeStart ?? FINAL_COUNT_DUE_DAYS_DEFAULT);
  if (finalCount >= balance) return [];
  return [
    {
      path: ['group', 'finalCountDueDaysBeforeStart'],
      message: `the final count would be due ${finalCount} days before arrival, after the balance (${balance} days before): ask for the final count first, so that the balance follows the final count`,
    },
  ];
}

/**
 * What one kind's schema cannot see: ids used twice, the final count due
 * before the balance, and, with the other kinds as they are, the home page's highlights naming gallery pictures. `body` has
 * passed its schema; `others` are the other kinds as published.
 */
export function crossCheckContent(
  name: ContentName,
  body: unknown,
  others: Partial<Record<ContentName, unknown>>,
): ContentIssue[] {
  const doc = body as Doc;
  const issues: ContentIssue[] = [];
  const galleryIds = (gallery: unknown) =>
    new Set(
      asList((gallery as Doc | undefined)?.albums).flatMap((album) =>
        asList(album.images).map((image) => String(image.id)),
      ),
    );
  if (name === 'gallery') {
    const albums = asList(doc.albums) as unknown as (WithId & { images: WithId[] })[];
    issues.push(...duplicates(albums, (i) => ['albums', i, 'id']));
    const images = albums.flatMap((album, a) =>
      album.images.map((image, i) => ({ ...image, at: ['albums', a, 'images', i, 'id'] })),
    );
    issues.push(...duplicates(images, (i) => images[i]!.at));
    const ids = galleryIds(doc);
    const pages = others.pages as { home?: { highlights?: string[] } } | undefined;
    for (const highlight of pages?.home?.highlights ?? [])
      if (!ids.has(highlight))
        issues.push({
          path: ['albums'],
          message: `the home page shows the picture "${highlight}": keep it, or choose another on the page texts first`,
        });
  }
  if (name === 'pages' && others.gallery) {
    const ids = galleryIds(others.gallery);
    const home = (doc.home ?? {}) as { highlights?: string[] };
    (home.highlights ?? []).forEach((highlight, i) => {
      if (!ids.has(highlight))
        issues.push({
          path: ['home', 'highlights', i],
          message: `"${highlight}" is not the id of a gallery picture`,
        });
    });
  }
  if (name === 'pricing') issues.push(...dueDaysInOrder(doc.group as Doc | undefined));
  if (name === 'floor-plans') {
    const levels = asList(doc.levels) as unknown as (WithId & { areas: WithId[] })[];
    issues.push(...duplicates(levels, (i) => ['levels', i, 'id']));
    levels.forEach((level, l) =>
      issues.push(...duplicates(level.areas, (i) => ['levels', l, 'areas', i, 'id'])),
    );
  }
  if (name === 'outdoor-map')
    issues.push(
      ...duplicates(asList(doc.features) as unknown as WithId[], (i) => ['features', i, 'id']),
    );
  if (name === 'rooms')
    issues.push(...duplicates(asList(body) as unknown as WithId[], (i) => [i, 'id']));
  if (name === 'pricing') {
    const tiers = asList(doc.cancellationPolicy);
    const seen = new Set<unknown>();
    tiers.forEach((tier, i) => {
      if (seen.has(tier.daysBeforeStart))
        issues.push({
          path: ['cancellationPolicy', i, 'daysBeforeStart'],
          message: 'two tiers have the same daysBeforeStart',
        });
      seen.add(tier.daysBeforeStart);
    });
  }
  return issues;
}
