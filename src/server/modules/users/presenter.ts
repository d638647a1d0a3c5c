import type { DirectoryUser, PendingUser, User } from '../../../shared/schemas/index.js';
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

/** A user of the administrators' directory: status and church included. */
export const presentDirectoryUser = ({
  user: u,
  accountName,
}: {
  user: UserRow;
  accountName: string | null;
}): DirectoryUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  status: u.status,
  accountId: u.accountId,
  accountName,
  createdAt: u.createdAt.toISOString(),
});
