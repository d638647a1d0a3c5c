/**
 * What the auth tests share: the app with a login helper bound to it, the
 * status a client sees, and the hash under which tokens are stored.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { attemptLogin, useTestApp, type TestClient } from '../../testing/harness.js';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** One app for the file, and `login`: a login posted from `client` (a new one unless given). */
export function useAuthTestApp() {
  const t = useTestApp();
  const login = (username: string, password: string, client?: TestClient) =>
    attemptLogin(t, username, password, client);
  return { t, login };
}

/** What GET /api/auth/status tells the client (and that it answers 200). */
export async function status(client: TestClient) {
  const res = await client.get('/api/auth/status');
  expect(res.statusCode).toBe(200);
  return res.json() as { authenticated: boolean; user: Record<string, unknown> | null };
}
