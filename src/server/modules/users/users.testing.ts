// The user directory tests' setup: the app they run against, logging in by
// name, and the fields the user and the directory answers carry.
import { attemptLogin, useTestApp } from '../../testing/harness.js';

/** The fields of a user in the answers of the user's own changes and of approval. */
export const USER_KEYS = ['accountId', 'createdAt', 'email', 'id', 'role', 'username'];

/** The fields of a user in the administrator's directory. */
export const DIRECTORY_KEYS = [
  'accountId',
  'accountName',
  'createdAt',
  'email',
  'id',
  'role',
  'status',
  'username',
];

export const names = (list: { username: string }[]) => list.map((u) => u.username);

/**
 * One database and one app per test file (see `useTestApp`), and a login
 * against it. Call at the top of a test file.
 */
export function useUsersTestApp() {
  const t = useTestApp();
  const login = (username: string, password?: string) => attemptLogin(t, username, password);
  return { t, login };
}
