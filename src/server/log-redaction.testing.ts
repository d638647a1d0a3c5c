// The log-redaction tests' setup: apps over the test's database that write
// their log lines, at level info, into a list the test reads (docs/operations.md, "Logs").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect } from 'vitest';
import { buildApp, type AppDeps } from './app.js';
import { loggerOptions } from './logger.js';
import {
  CapturingMailer,
  memberWithAccount,
  reserveDays,
  testConfig,
  useTestApp,
} from './testing/harness.js';

/** Every line as JSON. */
export const parsed = (lines: string[]) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>);

/** The address of each request line. */
export const loggedUrls = (lines: string[]) =>
  parsed(lines)
    .filter((l) => l.msg === 'incoming request')
    .map((l) => (l.req as { url: string }).url);

/** One database per test file (`useTestApp`) and apps over it that log. Call at the top of a test file. */
export function useLoggingApps() {
  const t = useTestApp();
  const scratch: string[] = [];
  afterEach(() =>
    Promise.all(scratch.splice(0).map((d) => rm(d, { recursive: true, force: true }))),
  );

  /** The app with its own logger options at level info, its lines kept as written. */
  async function loggingApp(env: Record<string, string> = {}, realMail = false) {
    const lines: string[] = [];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'log-redaction-'));
    scratch.push(dataDir);
    const config = testConfig({ LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env });
    // JSON lines (not a terminal's), as the app writes them, into `lines`.
    const options = loggerOptions(config, false) as Exclude<AppDeps['logger'], boolean | undefined>;
    const app = await buildApp({
      config,
      database: t.database,
      ...(realMail ? {} : { mailer: new CapturingMailer() }),
      logger: { ...options, stream: { write: (l: string) => lines.push(l) } },
      mailPollMs: 0,
      deliverMailBeforeAnswering: true,
    });
    await app.ready();
    return { app, lines, outboxDir: path.join(dataDir, 'outbox') };
  }

  /** A stay of anna's with its attendee link; gives the link's token. */
  async function attendeeToken(app: FastifyInstance) {
    const { client } = await memberWithAccount({ ...t, app }, 'anna');
    const { id } = await reserveDays(t, client);
    const made = await client.post(`/api/reservations/${id}/attendee-link`);
    expect(made.statusCode, made.body).toBe(200);
    return (made.json() as { url: string }).url.replace(/^\/stay\//, '');
  }

  return { t, loggingApp, attendeeToken };
}
