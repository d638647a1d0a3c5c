// No keys in logs: the addresses that carry one (a reset link, the sandbox's
// checkout, a signed download link, a personal calendar feed) are logged
// without it, and the dev outbox logs no link in production.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppDeps } from './app.js';
import { loggerOptions, redactUrl } from './logger.js';
import {
  CapturingMailer,
  TestClient,
  createUser,
  memberWithAccount,
  testConfig,
  useTestApp,
} from './testing/harness.js';

const t = useTestApp();
const scratch: string[] = [];
afterEach(() => Promise.all(scratch.splice(0).map((d) => rm(d, { recursive: true, force: true }))));

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

/** The address of each request line. */
const loggedUrls = (lines: string[]) =>
  lines
    .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
    .filter((l) => l.msg === 'incoming request')
    .map((l) => l.req!.url);

describe('redactUrl', () => {
  it('replaces the query string of a reset link, the checkout and a signed download', () => {
    expect(redactUrl('/reset-password?token=abc&username=anna')).toBe('/reset-password?[redacted]');
    expect(redactUrl('/pay/sandbox?reservationId=1&number=2&token=abc')).toBe(
      '/pay/sandbox?[redacted]',
    );
    expect(redactUrl('/api/documents/7/file?exp=1&disposition=inline&sig=abc')).toBe(
      '/api/documents/7/file?[redacted]',
    );
    expect(redactUrl('//Reset-Password/?token=abc')).toBe('//Reset-Password/?[redacted]');
  });

  it("replaces a personal feed's token, and a token or signature in any other address", () => {
    expect(redactUrl('/api/calendar/feed/abc_DEF-1.ics')).toBe('/api/calendar/feed/[redacted].ics');
    expect(redactUrl('/api/calendar/feed/abc?x=1')).toBe('/api/calendar/feed/[redacted]?x=1');
    expect(redactUrl('/elsewhere?a=1&Token=abc&sig=def')).toBe(
      '/elsewhere?a=1&Token=[redacted]&sig=[redacted]',
    );
  });

  it('leaves every other address as it is', () => {
    for (const url of [
      '/api/calendar/feed',
      '/api/calendar/feed/rotate',
      '/api/calendar/public.ics',
      '/api/reservations/public-calendar?year=2027&month=3',
      '/api/documents/7/download?disposition=inline',
      '/account/payments?paid=12',
      '/login',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('request lines', () => {
  it('carry no reset token, checkout token, download signature or feed token', async () => {
    const { app, lines } = await loggingApp();
    try {
      const { client } = await memberWithAccount({ ...t, app }, 'anna');
      const feedUrl = new URL((await client.get('/api/calendar/feed')).json().url as string);
      const feedToken = /feed\/(.+)\.ics$/.exec(feedUrl.pathname)![1]!;
      const secrets = ['reset-secret-1', 'checkout-secret-2', 'f'.repeat(64), feedToken];
      const urls = [
        `/reset-password?token=${secrets[0]}&username=anna`,
        `/pay/sandbox?reservationId=1&number=2&token=${secrets[1]}`,
        `/api/documents/1/file?exp=9999999999&disposition=attachment&sig=${secrets[2]}`,
        // The feed's own route logs only warnings; a near miss answers 404 and is logged.
        feedUrl.pathname,
        `${feedUrl.pathname}/`,
      ];
      for (const url of urls) await client.get(url);

      const logged = loggedUrls(lines);
      expect(logged).toEqual(
        expect.arrayContaining([
          '/reset-password?[redacted]',
          '/pay/sandbox?[redacted]',
          '/api/documents/1/file?[redacted]',
          '/api/calendar/feed/[redacted].ics/',
        ]),
      );
      const output = lines.join('');
      for (const secret of secrets) expect(output).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});

describe('the dev outbox (no SMTP_URL)', () => {
  /** Asks for a reset link; gives the log lines and the link the mail carries. */
  async function resetMail(nodeEnv: string) {
    const env = { NODE_ENV: nodeEnv, ALLOW_SANDBOX_PAYMENTS: 'true' };
    const { app, lines, outboxDir } = await loggingApp(env, true);
    try {
      await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
      await new TestClient(app).post('/api/auth/forgot-password', { username: 'anna' });
      const [json] = (await readdir(outboxDir)).filter((f) => f.endsWith('.json'));
      const { text } = JSON.parse(await readFile(path.join(outboxDir, json!), 'utf8')) as {
        text: string;
      };
      const link = /https?:\/\/\S+reset-password\?\S+/.exec(text)![0];
      const written = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === 'mail written to the dev outbox');
      expect(written).toHaveLength(1);
      return { written: written[0]!, link };
    } finally {
      await app.close();
    }
  }

  it('logs no link in production: a reset link is a key', async () => {
    const { written, link } = await resetMail('production');
    expect(written).toMatchObject({ kind: 'password_reset', to: 'anna@example.org' });
    expect(JSON.stringify(written)).not.toContain(new URL(link).searchParams.get('token')!);
    expect(JSON.stringify(written)).not.toMatch(/https?:/);
  });

  it('logs the links in development, for a developer to click', async () => {
    const { written, link } = await resetMail('development');
    expect(written.links).toEqual([link]);
  });
});
