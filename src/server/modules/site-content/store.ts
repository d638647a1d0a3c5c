import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { agreementContentSchema } from '../../../shared/schemas/agreement.js';
import { arrivalFileSchema } from '../../../shared/schemas/arrival.js';
import {
  facilityFile,
  floorPlansFile,
  galleryFile,
  outdoorMapFile,
  pagesFile,
  type FacilityContent,
} from '../../../shared/schemas/content.js';
import type { PricingFile } from '../../../shared/schemas/pricing.js';
import { roomsContentSchema } from '../../../shared/schemas/questionnaire.js';
import { CONTENT_NAMES } from '../../../shared/site-content.js';
import type { Db } from '../../db/open.js';
import { loadPricing } from '../../pricing-content.js';
import { liveContentOf, type ContentValues, type LiveContent } from './live-content.js';
import { latestVersions, seedContent, type StoredVersion } from './seed.js';

export interface ContentStore extends LiveContent {
  /** content/: the pictures shipped with the site, beside the uploads. */
  readonly dir: string;
  /** The newest body of each kind as stored (the same JSON as its file). */
  bodies(): ReadonlyMap<string, StoredVersion>;
  /** Reads the database again now (after this instance's own edit). */
  refresh(): Promise<void>;
  stop(): void;
}

interface Options {
  db: Db;
  /** content/: seeds what the database does not hold yet. */
  dir: string;
  defaults: { dailyRateCents: number; currency: string };
  /** How often another instance's edit is looked for (ms); 0: only on refresh(). */
  pollMs: number;
  /** A test's own content for some kinds, which edits do not change. */
  pinned?: Partial<ContentValues> & { facility?: FacilityContent };
  logger: FastifyBaseLogger;
}

/** The typed values of the newest bodies; throws when one no longer passes its schema. */
function valuesOf(
  rows: ReadonlyMap<string, StoredVersion>,
  defaults: Options['defaults'],
): ContentValues {
  const body = (name: string) => rows.get(name)?.body;
  const agreement = body('agreement');
  const rooms = body('rooms');
  return {
    pricing: loadPricing(defaults, (body('pricing') ?? {}) as PricingFile),
    site: {
      facility: facilityFile.parse(body('facility')),
      pages: pagesFile.parse(body('pages')),
      gallery: galleryFile.parse(body('gallery')),
      floorPlans: floorPlansFile.parse(body('floor-plans')),
      outdoorMap: outdoorMapFile.parse(body('outdoor-map')),
    },
    agreement: agreement === undefined ? null : agreementContentSchema.parse(agreement),
    rooms: rooms === undefined ? [] : roomsContentSchema.parse(rooms),
    arrival: arrivalFileSchema.parse(body('arrival')),
  };
}

/** Each kind's newest version number, as `facility:3,pages:1,…` (kinds in CONTENT_NAMES order). */
function signatureOf(rows: readonly { name: string; version: number }[]): string {
  const of = new Map(rows.map((row) => [row.name, row.version]));
  return CONTENT_NAMES.map((name) => `${name}:${of.get(name) ?? 0}`).join(',');
}

/**
 * Each kind's newest version number now, as `signatureOf` writes it: one
 * query, one backward index read of (name, version) per kind. Not the
 * newest row id: a version whose transaction commits after one with a
 * higher id was seen would never be noticed (its id is below what was
 * seen), and an instance would keep the older content until the next edit.
 * A kind's versions are numbered in the order they commit (each is the one
 * before it plus one, and the pair is unique), so its newest number changes
 * with every edit, whenever it commits.
 */
async function newestVersions(db: Db): Promise<string> {
  const names = sql.join(
    CONTENT_NAMES.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = (await db.execute(
    sql`select k.name, coalesce((select max(c.version) from content_versions c where c.name = k.name), 0)::int as version
        from unnest(array[${names}]::text[]) as k(name)`,
  )) as unknown as { rows: { name: string; version: number }[] };
  return signatureOf(result.rows.map((row) => ({ name: row.name, version: Number(row.version) })));
}

/**
 * The house's content from the database, held in memory (docs/site-content.md,
 * "Live"): every getter answers at once, and each instance asks the database
 * every `pollMs` whether any kind has a newer version (each kind's newest
 * version number, one index read each), so an edit made on any instance
 * shows everywhere within a second or two, in whatever order edits commit.
 */
export async function openContentStore(o: Options): Promise<ContentStore> {
  const seeded = await seedContent(o.db, o.dir);
  if (seeded.length > 0) o.logger.info({ seeded }, 'content seeded from content/ as version 1');
  let rows = new Map<string, StoredVersion>();
  let values: ContentValues;
  let stamp = 0;
  let signature = '';

  async function load() {
    const latest = await latestVersions(o.db);
    const next = new Map(latest.map((row) => [row.name, row]));
    const { facility, ...pinned } = o.pinned ?? {};
    const read = { ...valuesOf(next, o.defaults), ...pinned };
    values = facility ? { ...read, site: { ...read.site, facility } } : read;
    rows = next;
    signature = signatureOf(latest);
    // Each kind's versions only grow: their sum changes whenever any kind does.
    stamp = latest.reduce((sum, row) => sum + row.version, 0);
  }
  await load();

  let timer: NodeJS.Timeout | undefined;
  let checking = false;
  async function check() {
    if (checking) return;
    checking = true;
    try {
      if ((await newestVersions(o.db)) !== signature) await load();
    } catch (err) {
      // The last content read stays in use; the next check tries again.
      o.logger.error({ err }, 'content could not be read again');
    } finally {
      checking = false;
    }
  }
  if (o.pollMs > 0) {
    timer = setInterval(() => void check(), o.pollMs);
    timer.unref();
  }

  return {
    dir: o.dir,
    ...liveContentOf(
      () => values,
      () => stamp,
    ),
    bodies: () => rows,
    refresh: load,
    stop: () => clearInterval(timer),
  };
}
