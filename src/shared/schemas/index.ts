export * from './common.js';
export * from './auth.js';
export * from './users.js';
export * from './accounts.js';
export * from './facility.js';
export * from './reservations.js';
export * from './documents.js';
export * from './payments.js';
