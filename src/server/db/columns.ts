import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time every table keeps. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** The time of the last change a table keeps (set by the code or a trigger). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
