import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { bytea, users } from './tables.js';

/**
 * The pictures the staff upload for the house's content, one row per size
 * (docs/site-content.md, "Images"): in the database, so every instance serves
 * every picture, and in the backups. A row never changes: its path carries a
 * hash of the upload.
 */
export const contentImages = pgTable('content_images', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** What the content names, e.g. `images/uploads/3f2a9c0d12ab34ef-1280.webp`. */
  path: text('path').notNull().unique(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  byteSize: integer('byte_size').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
