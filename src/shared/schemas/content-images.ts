import { z } from 'zod';

/**
 * An uploaded content image (docs/site-content.md, "Images"): `path` is what the
 * house's content names (`images/uploads/<hash>-<width>.webp`, the largest
 * size), `url` serves it.
 */
export const contentImageUploadResponse = z.object({
  path: z.string(),
  url: z.string(),
});

export const contentImageParams = z.object({ name: z.string().max(200) });
