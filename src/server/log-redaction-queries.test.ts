// No values of a failed query in logs (docs/operations.md, "Logs"): Drizzle's
// error keeps its SQL, not its params; the driver's cause keeps its SQLSTATE,
// not the row or value it quotes. Neither a reset mail's link nor an attendee's
// token reaches a line or the answer through a statement that carried it.
import { sql } from 'drizzle-orm';
import { pino, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { messages } from '../shared/messages.js';
import { loggerOptions } from './logger.js';
import { parsed, useLoggingApps } from './log-redaction.testing.js';
import { TestClient, createUser, testConfig } from './testing/harness.js';

const { t, loggingApp, attendeeToken } = useLoggingApps();

describe('a failed query', () => {
  /** The lines of failed requests, and every line as written. */
  const failures = (lines: string[]) =>
    parsed(lines).filter((l) => l.msg === 'request failed') as { err: Record<string, unknown> }[];

  it("is logged with its SQL, never its values: a reset mail's link, in no line and not in the answer", async () => {
    const { app, lines } = await loggingApp();
    await createUser(t.db, { username: 'anna', email: 'anna@example.org' });
    // The outbox refuses the mail: its insert, which carries the link, fails.
    await t.db.execute(
      sql.raw(`create function refuse_mail() returns trigger language plpgsql
               as $$ begin raise exception 'the outbox refuses'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_mail before insert on mail_outbox
               for each row execute function refuse_mail()`),
    );
    try {
      const res = await new TestClient(app).post('/api/auth/forgot-password', { username: 'anna' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: messages.internalError, code: 'internal_error' });
      const [failed, ...more] = failures(lines);
      expect(more).toEqual([]);
      expect(failed!.err).toMatchObject({
        type: 'DrizzleQueryError',
        message: expect.stringMatching(/^Failed query: insert into "mail_outbox"/),
        query: expect.stringMatching(/^insert into "mail_outbox"/),
        cause: { code: 'P0001', message: 'the outbox refuses' },
      });
      expect(failed!.err).not.toHaveProperty('params');
      for (const text of [lines.join(''), res.body]) {
        expect(text).not.toMatch(/reset-password\?|token=|params:|"params"/);
        expect(text).not.toContain('Reset your password');
      }
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_mail on mail_outbox'));
      await t.db.execute(sql.raw('drop function refuse_mail()'));
      await app.close();
    }
  });

  it("is logged without its values: an attendee's token", async () => {
    const { app, lines } = await loggingApp();
    const token = await attendeeToken(app);
    // The link's lookup fails (a table gone): its statement carries the token.
    await t.db.execute(sql.raw('alter table attendee_links rename to attendee_links_away'));
    try {
      const res = await new TestClient(app).get(`/api/attendee/${token}`);
      expect(res.statusCode).toBe(500);
      const [failed] = failures(lines);
      expect(failed!.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '42P01' } });
      for (const text of [lines.join(''), res.body]) expect(text).not.toContain(token);
    } finally {
      await t.db.execute(sql.raw('alter table attendee_links_away rename to attendee_links'));
      await app.close();
    }
  });

  it('writes a driver error without the values it quotes, however it is logged', async () => {
    const secret = 'reset-secret-9f2c';
    const err = (await t.db
      .execute(sql`select ${secret}::integer`)
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toContain(secret);
    const lines: string[] = [];
    const options = loggerOptions(testConfig({ LOG_LEVEL: 'info' }), false) as LoggerOptions;
    const logger = pino(options, { write: (l: string) => void lines.push(l) });
    logger.error({ err }, 'query failed');
    logger.error(err);
    logger.warn({ err });
    logger.warn({ err: err.message }, 'as a string');
    expect(lines).toHaveLength(4);
    expect(lines.join('')).not.toContain(secret);
    const [first, second, third] = parsed(lines);
    expect(first!.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: select $1::integer',
      query: 'select $1::integer',
      stack: expect.stringMatching(/^Error: Failed query: select \$1::integer\n\s+at /),
      cause: {
        code: '22P02',
        message: 'invalid input syntax for type integer: "[redacted]"',
      },
    });
    // Without a message of its own, a line takes the error's, as safe.
    expect([second!.msg, third!.msg]).toEqual(Array(2).fill('Failed query: select $1::integer'));
  });
});
