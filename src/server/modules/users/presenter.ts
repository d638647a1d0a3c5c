import type { PendingUser, User } from '../../../shared/schemas/index.js';
import type { users } from '../../db/schema.js';

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the hash, never the raw row. */
export const presentUser = (u: UserRow): User => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  accountId: u.accountId,
  createdAt: u.createdAt.toISOString(),
});

export const presentPendingUser = (u: UserRow): PendingUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  createdAt: u.createdAt.toISOString(),
});
