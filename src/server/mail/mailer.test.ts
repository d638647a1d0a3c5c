import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

interface LogCall {
  level: string;
  obj: Record<string, unknown>;
  msg: unknown;
}

function fakeLogger() {
  const calls: LogCall[] = [];
  const log = (level: string) => (obj: Record<string, unknown>, msg?: unknown) =>
    calls.push({ level, obj, msg });
  const logger = {
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    trace: log('trace'),
    fatal: log('fatal'),
    child: () => logger,
    level: 'info',
  };
  return { logger: logger as unknown as FastifyBaseLogger, calls };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-mail-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('dev outbox (no SMTP_URL)', () => {
  it('writes each mail as .eml and .json, and idle() waits until written', async () => {
    const { logger } = fakeLogger();
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ from: 'House <house@example.org>', outboxDir, logger });
    mailer.send({
      to: 'anna@example.org',
      subject: 'Reset your password',
      text: 'Open http://site.test/reset-password?token=abc&username=anna within one hour.',
    });
    await mailer.idle();
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    const eml = files.find((f) => f.endsWith('.eml'))!;
    const json = files.find((f) => f.endsWith('.json'))!;
    expect(eml.replace(/\.eml$/, '')).toBe(json.replace(/\.json$/, ''));

    const raw = await readFile(path.join(outboxDir, eml), 'utf8');
    expect(raw).toMatch(/^To: anna@example.org$/m);
    expect(raw).toMatch(/^Subject: Reset your password$/m);
    expect(raw).toMatch(/^From: House <house@example.org>$/m);
    // The body is quoted-printable, as a mail client expects it.
    const body = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(body).toContain(
      'http://site.test/reset-password?token=abc&username=anna within one hour.',
    );

    const summary = JSON.parse(await readFile(path.join(outboxDir, json), 'utf8'));
    expect(summary).toMatchObject({
      to: 'anna@example.org',
      subject: 'Reset your password',
      from: 'House <house@example.org>',
      attachments: [],
    });
    expect(summary.text).toContain('token=abc');
    expect(new Date(summary.date).toString()).not.toBe('Invalid Date');
  });

  it('logs the links of each mail so a developer can open them', async () => {
    const { logger, calls } = fakeLogger();
    const mailer = createMailer({ from: 'h@example.org', outboxDir: dir, logger });
    mailer.send({
      to: 'a@example.org',
      subject: 'Two links',
      text: 'First http://site.test/a?x=1 then\nhttps://site.test/b',
    });
    await mailer.idle();
    const info = calls.find((c) => c.level === 'info');
    expect(info).toBeTruthy();
    expect(info!.obj.links).toEqual(['http://site.test/a?x=1', 'https://site.test/b']);
    expect(info!.obj.to).toBe('a@example.org');
    expect(calls.filter((c) => c.level === 'error')).toHaveLength(0);
  });

  it('names attachments in the summary and keeps their bytes in the .eml', async () => {
    const { logger } = fakeLogger();
    const mailer = createMailer({ from: 'h@example.org', outboxDir: dir, logger });
    mailer.send({
      to: 'a@example.org',
      subject: 'Receipt',
      text: 'Attached.',
      attachments: [
        {
          filename: 'receipt.pdf',
          content: Buffer.from('%PDF-1.4 test'),
          contentType: 'application/pdf',
        },
      ],
    });
    await mailer.idle();
    const files = await readdir(dir);
    const summary = JSON.parse(
      await readFile(
        path.join(
          dir,
          files.find((f) => f.endsWith('.json'))!,
        ),
        'utf8',
      ),
    );
    expect(summary.attachments).toEqual(['receipt.pdf']);
    const raw = await readFile(
      path.join(
        dir,
        files.find((f) => f.endsWith('.eml'))!,
      ),
      'utf8',
    );
    expect(raw).toContain('receipt.pdf');
    expect(raw).toContain(Buffer.from('%PDF-1.4 test').toString('base64'));
  });

  it('waits for several mails sent at once, each in its own files', async () => {
    const { logger } = fakeLogger();
    const mailer = createMailer({ from: 'h@example.org', outboxDir: dir, logger });
    for (let i = 0; i < 5; i++)
      mailer.send({ to: `u${i}@example.org`, subject: `Mail ${i}`, text: 'Hello' });
    await mailer.idle();
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(5);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(5);
  });

  it('idle() resolves at once when nothing was sent', async () => {
    const { logger } = fakeLogger();
    await createMailer({ from: 'h@example.org', outboxDir: dir, logger }).idle();
  });

  it('logs a failure instead of throwing at the caller', async () => {
    const { logger, calls } = fakeLogger();
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'not a directory');
    const mailer = createMailer({
      from: 'h@example.org',
      outboxDir: path.join(blocker, 'outbox'),
      logger,
    });
    expect(() => mailer.send({ to: 'a@example.org', subject: 'S', text: 'T' })).not.toThrow();
    await mailer.idle();
    const errors = calls.filter((c) => c.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.obj).toMatchObject({ to: 'a@example.org', subject: 'S' });
  });
});

describe('SMTP (SMTP_URL set)', () => {
  it('logs an unreachable server as a failure and writes nothing to the outbox', async () => {
    const { logger, calls } = fakeLogger();
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'h@example.org',
      outboxDir: dir,
      logger,
    });
    mailer.send({ to: 'a@example.org', subject: 'S', text: 'T' });
    await mailer.idle();
    expect(calls.filter((c) => c.level === 'error')).toHaveLength(1);
    expect(await readdir(dir)).toEqual([]);
  });
});
