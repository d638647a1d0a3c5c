import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import {
  contentSchemas,
  crossCheckContent,
  imagePathsOf,
  type ContentIssue,
  type ContentName,
} from '../../../shared/site-content.js';
import { messages } from '../../../shared/messages.js';
import { plainMessage } from '../../../shared/content-issue-words.js';
import type { Db } from '../../db/open.js';
import { contentImages, contentVersions } from '../../db/schema.js';
import { isUniqueViolation, notFound, validationFailed } from '../../errors.js';
import { UPLOADS_DIR } from '../content-images/service.js';
import type { ContentStore } from './store.js';

interface Deps {
  db: Db;
  store: ContentStore;
  /** content/: the pictures shipped with the site, beside the uploads. */
  dir: string;
}

const issuePath = (p: (string | number | symbol)[]) =>
  ['body', ...p.map((part) => String(part))].join('.');

/** The staff's edits of the house's content (docs/site-content.md). */
export function createSiteContentService({ db, store, dir }: Deps) {
  const kindNames: Record<ContentName, string> = {
    facility: 'house',
    pages: 'page texts',
    gallery: 'gallery',
    'floor-plans': 'floor plans',
    'outdoor-map': 'outdoor map',
    pricing: 'rates',
    arrival: 'arrival information',
    agreement: 'agreement',
    rooms: 'bedrooms',
  };

  /** Every problem of a body: its schema, the checks across kinds, its pictures. */
  async function problems(name: ContentName, body: unknown): Promise<ContentIssue[]> {
    const parsed = contentSchemas[name].safeParse(body, { error: plainMessage });
    if (!parsed.success)
      return parsed.error.issues.map((i) => ({
        path: i.path as (string | number)[],
        message: i.message,
      }));
    const others = Object.fromEntries(
      [...store.bodies().values()]
        .filter((row) => row.name !== name)
        .map((row) => [row.name, row.body]),
    );
    const issues = crossCheckContent(name, body, others);
    const pictures = imagePathsOf(name, body);
    const uploads = pictures.filter((p) => p.src.startsWith(`${UPLOADS_DIR}/`));
    const stored = uploads.length
      ? await db
          .select({ path: contentImages.path })
          .from(contentImages)
          .where(
            inArray(
              contentImages.path,
              uploads.map((p) => p.src),
            ),
          )
      : [];
    for (const picture of pictures) {
      const found = picture.src.startsWith(`${UPLOADS_DIR}/`)
        ? stored.some((row) => row.path === picture.src)
        : existsSync(path.join(dir, picture.src));
      if (!found)
        issues.push({ path: picture.path, message: `no picture ${picture.src}: upload it first` });
    }
    return issues;
  }

  async function publish(name: ContentName, body: unknown, username: string) {
    const issues = await problems(name, body);
    if (issues.length > 0)
      throw validationFailed(issues.map((i) => ({ path: issuePath(i.path), message: i.message })));
    // Two edits at once: the second takes the next number (the pair is unique).
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await db
          .select({ latest: max(contentVersions.version) })
          .from(contentVersions)
          .where(eq(contentVersions.name, name));
        const version = (row?.latest ?? 0) + 1;
        await db.insert(contentVersions).values({ name, version, body, changedBy: username });
        await store.refresh();
        return { version, body };
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  }

  async function versionOf(name: ContentName, version: number) {
    const [row] = await db
      .select({ body: contentVersions.body })
      .from(contentVersions)
      .where(and(eq(contentVersions.name, name), eq(contentVersions.version, version)));
    if (!row) throw notFound(`There is no version ${version} of the ${kindNames[name]}.`);
    return row.body;
  }

  return {
    /** The published body, as the file in content/ holds it; 404 when the house has none. */
    current(name: ContentName): unknown {
      const row = store.bodies().get(name);
      if (!row) throw notFound(messages.notFound);
      return row.body;
    },
    publish,
    async history(name: ContentName) {
      const rows = await db
        .select({
          version: contentVersions.version,
          changedBy: contentVersions.changedBy,
          changedAt: contentVersions.changedAt,
        })
        .from(contentVersions)
        .where(eq(contentVersions.name, name))
        .orderBy(desc(contentVersions.version));
      return rows.map((r) => ({ ...r, changedAt: r.changedAt.toISOString() }));
    },
    versionOf,
    /** An old version published again as the newest, checked as any edit is. */
    async revert(name: ContentName, version: number, username: string) {
      return publish(name, await versionOf(name, version), username);
    },
  };
}

export type SiteContentService = ReturnType<typeof createSiteContentService>;
