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
import { isUniqueViolation, notFound, preconditionFailed, validationFailed } from '../../errors.js';
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

/**
 * What a request's `If-Match` asks for (docs/site-content.md, "Two at once"):
 * undefined without one (the edit applies whatever is current), `any` for
 * `*`, else the versions its entity tags name (`"3"`; a weak or malformed tag
 * names none, so it never matches).
 */
export type Precondition = 'any' | number[] | undefined;

export function preconditionOf(ifMatch: string | string[] | undefined): Precondition {
  const header = (Array.isArray(ifMatch) ? ifMatch.join(',') : (ifMatch ?? '')).trim();
  if (header === '') return undefined;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return 'any';
  return tags.flatMap((tag) => {
    const match = /^"([1-9][0-9]{0,9})"$/.exec(tag);
    return match ? [Number(match[1])] : [];
  });
}

/** The ETag of a version: `"3"`. */
export const etagOfVersion = (version: number) => `"${version}"`;

/** The newest version of a kind as stored, without its body. */
interface Newest {
  version: number;
  changedBy: string | null;
  changedAt: Date;
}

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

  async function newest(name: ContentName): Promise<Newest | undefined> {
    const [row] = await db
      .select({
        version: contentVersions.version,
        changedBy: contentVersions.changedBy,
        changedAt: contentVersions.changedAt,
      })
      .from(contentVersions)
      .where(eq(contentVersions.name, name))
      .orderBy(desc(contentVersions.version))
      .limit(1);
    return row;
  }

  /** 412 content_changed: who published the version that is current now, and when. */
  function changed(name: ContentName, now: Newest | undefined) {
    if (!now)
      return preconditionFailed(
        `Nothing was saved: there is no published version of the ${kindNames[name]} now.`,
        'content_changed',
      );
    const who = now.changedBy ?? 'the content files';
    return preconditionFailed(
      `Version ${now.version} of the ${kindNames[name]} was published by ${who} after the version you edited: nothing was saved.`,
      'content_changed',
      {
        version: now.version,
        changedBy: now.changedBy,
        changedAt: now.changedAt.toISOString(),
      },
    );
  }

  const matches = (precondition: Precondition, now: Newest | undefined) =>
    precondition === undefined ||
    (precondition === 'any'
      ? now !== undefined
      : now !== undefined && precondition.includes(now.version));

  /**
   * Publishes a body as the kind's next version. With an If-Match naming the
   * current version, that version's successor is inserted and nothing else:
   * two edits of one version at once both try the same number, the pair
   * (name, version) is unique, and the one that loses answers 412 like an
   * edit of an older version.
   */
  async function publish(
    name: ContentName,
    body: unknown,
    username: string,
    precondition?: Precondition,
  ) {
    const now = await newest(name);
    if (!matches(precondition, now)) throw changed(name, now);
    const issues = await problems(name, body);
    if (issues.length > 0)
      throw validationFailed(issues.map((i) => ({ path: issuePath(i.path), message: i.message })));
    if (Array.isArray(precondition)) {
      const version = now!.version + 1;
      try {
        await db.insert(contentVersions).values({ name, version, body, changedBy: username });
      } catch (err) {
        if (isUniqueViolation(err)) throw changed(name, await newest(name));
        throw err;
      }
      await store.refresh();
      return { version, body };
    }
    // Without one, two edits at once: the second takes the next number (the pair is unique).
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
    /**
     * The newest version and its body, as the file in content/ holds it, read
     * from the database (not this instance's copy, which may be a second
     * behind); 404 when the house has none.
     */
    async current(name: ContentName): Promise<{ version: number; body: unknown }> {
      const [row] = await db
        .select({ version: contentVersions.version, body: contentVersions.body })
        .from(contentVersions)
        .where(eq(contentVersions.name, name))
        .orderBy(desc(contentVersions.version))
        .limit(1);
      if (!row) throw notFound(messages.notFound);
      return row;
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
    async revert(
      name: ContentName,
      version: number,
      username: string,
      precondition?: Precondition,
    ) {
      return publish(name, await versionOf(name, version), username, precondition);
    },
  };
}

export type SiteContentService = ReturnType<typeof createSiteContentService>;
