/**
 * The database schema (Drizzle), one module per area: the core tables
 * (people, churches, reservations, documents, money), the mail outbox
 * (docs/mail.md), the calendar's closures, holds and feeds
 * (docs/calendar.md), the staff's content images (docs/site-content.md).
 * drizzle.config.ts and the app read it from here.
 */
export * from './tables.js';
export * from './mail-schema.js';
export * from './calendar-schema.js';
export * from './money-schema.js';
export * from './stay-schema.js';
export * from './content-schema.js';
