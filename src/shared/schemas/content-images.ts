import { z } from 'zod';

/**
 * An uploaded content image (docs/site-content.md, "Images"): `path` is what the
 * house's content names (`images/uploads/<hash>-<width>.webp`, the largest
 * size), `url` serves it,
 * `width` and `height` are that size's.
 */
export const contentImageUploadResponse = z.object({
  path: z.string(),
  url: z.string(),
  /** The largest size's pixels, for the content's `width` and `height`. */
  width: z.number().int(),
  height: z.number().int(),
});

export const contentImageParams = z.object({ name: z.string().max(200) });
