import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CONTENT_NAMES, type ContentName } from '../../../shared/site-content.js';
import { loadAgreementContent } from '../../agreement-content.js';
import { loadArrivalContent } from '../../arrival-content.js';
import { loadSiteContent } from '../../content.js';
import type { Db } from '../../db/open.js';
import { contentVersions } from '../../db/schema.js';
import { loadPricing } from '../../pricing-content.js';
import { loadRoomsContent } from '../../rooms-content.js';

/** The file in content/ that seeds a kind. */
export const seedFileOf = (dir: string, name: ContentName) => path.join(dir, `${name}.json`);

/**
 * Every kind the database does not hold yet becomes version 1 from its file in
 * content/ (docs/site-content.md, "Where the content lives"): a new house's
 * shipped files, or, at the upgrade, the files a house has edited. The files
 * are checked as before the upgrade, so a broken one stops the start with the
 * list of its problems. A kind the database holds is never read from its file
 * again. Two instances seeding at once insert version 1 once.
 */
export async function seedContent(db: Db, dir: string): Promise<ContentName[]> {
  const held = await db.selectDistinct({ name: contentVersions.name }).from(contentVersions);
  const missing = CONTENT_NAMES.filter((name) => !held.some((row) => row.name === name));
  const present = missing.filter((name) => existsSync(seedFileOf(dir, name)));
  if (present.length === 0) return [];
  checkSeedFiles(dir, present);
  const rows = present.map((name) => ({
    name,
    version: 1,
    body: JSON.parse(readFileSync(seedFileOf(dir, name), 'utf8')) as unknown,
    changedBy: null,
  }));
  const inserted = await db
    .insert(contentVersions)
    .values(rows)
    .onConflictDoNothing({ target: [contentVersions.name, contentVersions.version] })
    .returning({ name: contentVersions.name });
  return inserted.map((row) => row.name as ContentName);
}

/** The checks the files had at start before the content moved into the database. */
function checkSeedFiles(dir: string, names: ContentName[]) {
  const site: ContentName[] = ['facility', 'pages', 'gallery', 'floor-plans', 'outdoor-map'];
  if (names.some((n) => site.includes(n))) loadSiteContent(dir);
  if (names.includes('pricing'))
    loadPricing({ dailyRateCents: 0, currency: 'USD' }, seedFileOf(dir, 'pricing'));
  if (names.includes('agreement')) loadAgreementContent(dir);
  if (names.includes('rooms')) loadRoomsContent(dir);
  if (names.includes('arrival')) loadArrivalContent(dir);
}

export interface StoredVersion {
  id: number;
  name: string;
  version: number;
  body: unknown;
}

/** The newest version of every kind, one row each. */
export async function latestVersions(db: Db): Promise<StoredVersion[]> {
  const result = (await db.execute(
    sql`select distinct on (name) id, name, version, body from content_versions order by name, version desc`,
  )) as unknown as { rows: StoredVersion[] };
  return result.rows;
}
