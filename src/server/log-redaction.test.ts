// No keys in logs: the addresses that carry one (a reset link, the sandbox's
// checkout, a signed download link, a personal calendar feed, an attendee's
// link) are logged without it, and the dev outbox logs no link in production.
// A failed query's values: log-redaction-queries.test.ts.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';
import { loggedUrls, parsed, useLoggingApps } from './log-redaction.testing.js';
import { TestClient, createUser, memberWithAccount } from './testing/harness.js';

const { t, loggingApp, attendeeToken } = useLoggingApps();

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

  it("replaces an attendee link's token, on the page and the API, and in a near miss", () => {
    expect(redactUrl('/stay/abc_DEF-1')).toBe('/stay/[redacted]');
    expect(redactUrl('/stay/abc/?x=1')).toBe('/stay/[redacted]/?x=1');
    expect(redactUrl('/api/attendee/abc')).toBe('/api/attendee/[redacted]');
    expect(redactUrl('//API/Attendee//abc/more')).toBe('//API/Attendee//[redacted]/more');
    expect(redactUrl('/STAY/abc')).toBe('/STAY/[redacted]');
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
      '/stay',
      '/api/reservations/3/attendee-link',
      '/api/reservations/3/attendees/4',
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

describe('attendee links', () => {
  it('leave no token in any line, valid or not: the page, the API, refusals and 404s', async () => {
    const { app, lines } = await loggingApp();
    try {
      const valid = await attendeeToken(app);
      const tokens = [valid, 'not-an-attendee-token-4e1f', 'y'.repeat(300)];
      const visitor = new TestClient(app);
      const answers: number[] = [];
      for (const token of tokens) {
        for (const [method, url, body] of [
          ['GET', `/stay/${token}`],
          ['GET', `/api/attendee/${token}`],
          ['POST', `/api/attendee/${token}`, { name: 'Kim', diet: 'vegetarian' }],
          // Refused (400), and near misses that answer 404.
          ['POST', `/api/attendee/${token}`, { name: ' ' }],
          ['GET', `/STAY/${token}/more`],
          ['GET', `//api/attendee/${token}/?x=1`],
        ] as const) {
          const res =
            method === 'GET' ? await visitor.get(url) : await visitor.post(url, body ?? {});
          answers.push(res.statusCode);
        }
      }
      // The valid link worked: the lines below are those of real answers.
      expect(answers.slice(1, 4)).toEqual([200, 201, 400]);
      expect(answers.slice(6)).toContain(404);

      // One line per request with its method and path, the token replaced.
      const requests = parsed(lines)
        .filter((l) => l.msg === 'incoming request')
        .map((l) => l.req as { method: string; url: string });
      expect(requests).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ method: 'GET', url: '/stay/[redacted]' }),
          expect.objectContaining({ method: 'GET', url: '/api/attendee/[redacted]' }),
          expect.objectContaining({ method: 'POST', url: '/api/attendee/[redacted]' }),
          expect.objectContaining({ method: 'GET', url: '/STAY/[redacted]/more' }),
          expect.objectContaining({ method: 'GET', url: '//api/attendee/[redacted]/?x=1' }),
        ]),
      );
      const output = lines.join('');
      for (const token of tokens) expect(output).not.toContain(token.slice(0, 20));
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
