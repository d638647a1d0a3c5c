import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
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

/**
 * The house's content, every version of each kind (docs/site-content.md): the
 * newest version of a name is what the site shows. Version 1 is seeded from
 * content/ (`changed_by` null); an edit or a revert adds the next version, so
 * the history is never rewritten.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One of CONTENT_NAMES (src/shared/site-content.ts). */
    name: text('name').notNull(),
    version: integer('version').notNull(),
    /** The same JSON as the file content/<name>.json. */
    body: jsonb('body').notNull(),
    /** The username of who made it, kept as written even if the account goes; null for the seed. */
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('content_versions_name_version_unique').on(t.name, t.version)],
);
