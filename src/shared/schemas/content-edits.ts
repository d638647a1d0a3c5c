import { z } from 'zod';
import { CONTENT_NAMES } from '../site-content.js';

/** /api/admin/content/{name}: one of the kinds the staff edit (docs/site-content.md). */
export const contentNameParam = z.object({
  name: z.enum(CONTENT_NAMES, {
    error: `The content is one of: ${CONTENT_NAMES.join(', ')}.`,
  }),
});

export const contentVersionParam = contentNameParam.extend({
  version: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A kind's published body: the same JSON as its file in content/. */
export const contentBody = z.unknown();

export const contentHistorySchema = z.array(
  z.object({
    version: z.number().int(),
    /** The username of who published it; null for the seed from content/. */
    changedBy: z.string().nullable(),
    changedAt: z.string(),
  }),
);
export type ContentHistory = z.infer<typeof contentHistorySchema>;

export const contentRevertBody = z.object({
  version: z.number().int().positive().max(2_147_483_647),
});
