/**
 * What the bad-input tests share: an app that takes many auth requests, and the
 * check that an answer is a plain client error that shows nothing internal.
 */
import { expect } from 'vitest';
import { useTestApp, type TestClient } from '../testing/harness.js';

/** An app with a high rate limit: these tests send many requests to the auth routes. */
export const useBusyTestApp = () => useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });

type Res = Awaited<ReturnType<TestClient['request']>>;

/** Every error is 4xx, JSON, with a string message and nothing internal. */
export function expectClientError(res: Res, label: string, status?: number) {
  if (status) expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  expect(res.headers['content-type'], label).toMatch(/application\/json/);
  const body = res.json();
  expect(typeof body.message, label).toBe('string');
  expect(body.message.length, label).toBeGreaterThan(0);
  expect(res.body, label).not.toMatch(
    /\bat .+\.(ts|js):\d+|stack|select |insert |update .* set|FST_|ERR_|pglite|drizzle/i,
  );
  return body as { message: string };
}
