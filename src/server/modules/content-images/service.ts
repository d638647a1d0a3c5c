import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { contentImages } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { resizeImage } from './resize.js';

/** Where uploaded pictures live among the content's images (docs/site-content.md). */
export const UPLOADS_DIR = 'images/uploads';

/** The address that serves a content image's path. */
export const contentImageUrl = (path: string) => `/api/content/${path}`;

export function createContentImagesService({ db }: { db: Db }) {
  return {
    /**
     * Stores every size of a picture in one statement and answers the largest's
     * path. The names carry a hash of the upload: the same picture again names
     * the rows it already has, which never change.
     */
    async upload(input: Buffer, uploadedBy: number) {
      const sizes = await resizeImage(input);
      const hash = createHash('sha256').update(input).digest('hex').slice(0, 16);
      const rows = sizes.map((s) => ({
        path: `${UPLOADS_DIR}/${hash}-${s.width}.webp`,
        contentType: 'image/webp',
        width: s.width,
        height: s.height,
        byteSize: s.bytes.length,
        bytes: s.bytes,
        uploadedBy,
      }));
      await db.insert(contentImages).values(rows).onConflictDoNothing({
        target: contentImages.path,
      });
      const largest = rows[rows.length - 1]!;
      return {
        path: largest.path,
        url: contentImageUrl(largest.path),
        width: largest.width,
        height: largest.height,
      };
    },

    /** One size's bytes by its path; 404 for a name no upload made. */
    async find(path: string) {
      const [row] = await db
        .select({ contentType: contentImages.contentType, bytes: contentImages.bytes })
        .from(contentImages)
        .where(eq(contentImages.path, path))
        .limit(1);
      if (!row) throw notFound('No such image.');
      return row;
    },
  };
}

export type ContentImagesService = ReturnType<typeof createContentImagesService>;
