import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The house's own content (ARCHITECTURE §3): another house replaces content/
 * (see content/README.md). The server serves the name and description; the web
 * app imports the same files at build time. Everything is checked here, when
 * the server starts, so that a broken content/ folder fails loudly.
 */
export const contentDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../content',
);

const text = z.string().trim().min(1);
const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case words joined by hyphens');
const size = z.number().int().positive();
/** A picture in content/images/, given relative to content/. */
const imagePath = z
  .string()
  .regex(
    /^images\/(?:[\w-]+\/)*[\w-]+\.(?:svg|png|jpe?g|webp|avif)$/,
    'an image under images/ (svg, png, jpg, webp or avif)',
  );

const image = z.object({
  src: imagePath,
  alt: text,
  caption: text.optional(),
  width: size,
  height: size,
});

const facilityFile = z.object({
  name: text,
  description: text,
  address: z.object({
    street: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  /** The marker of the map, and how many degrees of longitude it shows either side. */
  map: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    span: z.number().positive().max(1),
  }),
});
export type FacilityContent = z.infer<typeof facilityFile>;

const pageMeta = { description: text };
const pagesFile = z.object({
  home: z.object({
    ...pageMeta,
    aboutHeading: text,
    aboutBlurb: text,
    highlightsHeading: text,
    highlights: z.array(id).length(3),
  }),
  about: z.object({
    ...pageMeta,
    welcomeHeading: text,
    paragraphs: z.array(text).min(1),
    directionsHeading: text,
    directions: text,
  }),
  gallery: z.object({ ...pageMeta, intro: text }),
  floorPlans: z.object({ ...pageMeta, intro: text }),
  outdoorAreas: z.object({ ...pageMeta, intro: text }),
  availability: z.object(pageMeta),
});

const galleryFile = z.object({
  albums: z
    .array(
      z.object({
        id,
        title: text,
        description: text,
        images: z
          .array(
            image.extend({
              id,
              caption: text,
              // The home page's bundle holds the URLs of this folder only.
              src: imagePath.refine(
                (src) => src.startsWith('images/gallery/'),
                'a gallery picture is under images/gallery/',
              ),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

const coordsRE = /^\d+(?:\.\d+)?(?:,\d+(?:\.\d+)?)*$/;
const area = z
  .object({
    id,
    shape: z.enum(['rect', 'poly']),
    coords: z.string().regex(coordsRE, 'numbers separated by commas, as in an HTML <area>'),
    title: text,
    info: text,
    roomImages: z.array(image).min(1),
  })
  .superRefine((a, ctx) => {
    const n = a.coords.split(',').length;
    if (a.shape === 'rect' && n !== 4) {
      ctx.addIssue({
        code: 'custom',
        path: ['coords'],
        message: 'a rect has four numbers: left,top,right,bottom',
      });
    }
    if (a.shape === 'poly' && (n < 6 || n % 2 !== 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['coords'],
        message: 'a poly has x,y pairs for at least three corners',
      });
    }
  });

const floorPlansFile = z
  .object({
    defaultLevel: id,
    levels: z
      .array(
        z.object({
          id,
          name: text,
          image: imagePath,
          alt: text,
          width: size,
          height: size,
          areas: z.array(area).min(1),
        }),
      )
      .min(1),
  })
  .superRefine((file, ctx) => {
    if (!file.levels.some((l) => l.id === file.defaultLevel)) {
      ctx.addIssue({ code: 'custom', path: ['defaultLevel'], message: 'not the id of a level' });
    }
  });

const pathData = z.string().regex(/^[MmLlHhVvCcSsQqTtAaZz0-9.,\s-]+$/, 'SVG path data');
const outdoorMapFile = z.object({
  width: size,
  height: size,
  title: text,
  decorations: z.array(z.object({ kind: z.enum(['road', 'footpath']), path: pathData })),
  features: z
    .array(
      z.object({
        id,
        name: text,
        kind: z.enum(['boundary', 'building', 'paved', 'water', 'stream', 'structure', 'trees']),
        path: pathData,
        label: z.object({ x: z.number(), y: z.number() }),
        description: text,
      }),
    )
    .min(1),
});

export interface SiteContent {
  facility: FacilityContent;
  pages: z.infer<typeof pagesFile>;
  gallery: z.infer<typeof galleryFile>;
  floorPlans: z.infer<typeof floorPlansFile>;
  outdoorMap: z.infer<typeof outdoorMapFile>;
}

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
