/**
 * The shapes of the house's content files (content/*.json, described in
 * content/README.md), one zod schema each. The server checks the files with
 * them when it starts (src/server/content.ts); the web app, which imports the
 * same files at build time, takes its types from them.
 */
import { z } from 'zod';

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

export const contentImageSchema = z.object({
  src: imagePath,
  alt: text,
  caption: text.optional(),
  width: size,
  height: size,
});

export const facilityFile = z.object({
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

const pageMeta = { description: text };
export const pagesFile = z.object({
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

export const galleryFile = z.object({
  albums: z
    .array(
      z.object({
        id,
        title: text,
        description: text,
        images: z
          .array(
            contentImageSchema.extend({
              id,
              caption: text,
              // The home page's bundle holds the URLs of this folder only; uploads
              // are served by the API (docs/site-content.md, "Images").
              src: imagePath.refine(
                (src) => src.startsWith('images/gallery/') || src.startsWith('images/uploads/'),
                'a gallery picture is under images/gallery/ or an upload (images/uploads/)',
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
    roomImages: z.array(contentImageSchema).min(1),
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

export const floorPlansFile = z
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
export const outdoorMapFile = z.object({
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

/** A picture in content/images/; `src` is relative to content/. */
export type ContentImage = z.infer<typeof contentImageSchema>;
export type FacilityContent = z.infer<typeof facilityFile>;
export type Address = FacilityContent['address'];
/** The map marker and how many degrees of longitude the map shows either side. */
export type MapPosition = FacilityContent['map'];
export type PagesContent = z.infer<typeof pagesFile>;
export type GalleryContent = z.infer<typeof galleryFile>;
export type Album = GalleryContent['albums'][number];
export type GalleryImage = Album['images'][number];
export type FloorPlansContent = z.infer<typeof floorPlansFile>;
export type FloorLevel = FloorPlansContent['levels'][number];
/** A clickable room of a floor plan: `coords` as in an HTML <area>. */
export type FloorArea = FloorLevel['areas'][number];
export type OutdoorMapContent = z.infer<typeof outdoorMapFile>;
export type OutdoorFeature = OutdoorMapContent['features'][number];
export type OutdoorFeatureKind = OutdoorFeature['kind'];

export interface SiteContent {
  facility: FacilityContent;
  pages: PagesContent;
  gallery: GalleryContent;
  floorPlans: FloorPlansContent;
  outdoorMap: OutdoorMapContent;
}
