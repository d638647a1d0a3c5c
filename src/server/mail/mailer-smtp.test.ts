// The transport the outbox's worker hands each mail to, with SMTP_URL: SMTP,
// each mail with its Message-ID, and a failure thrown so the worker retries.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeLogger } from '../testing/fake-logger.js';
import { freePort } from '../testing/free-port.js';
import { startSmtpServer } from '../testing/smtp-server.js';
import { createMailTransport, type MailTransport } from './mailer.js';
import { HOUSE, PDF, mail, parseMime, partOfType, useScratchDir } from './mailer.testing.js';

let dir: string;
useScratchDir((made) => (dir = made));

describe('SMTP (SMTP_URL set)', () => {
  let transport: MailTransport | undefined;
  afterEach(() => {
    transport?.close?.();
    transport = undefined;
  });

  function smtpTransport(port: number) {
    const { logger, calls } = fakeLogger();
    transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'House <house@example.org>',
      outboxDir: path.join(dir, 'outbox'),
      logger,
      houseName: () => HOUSE,
    });
    return { transport, calls };
  }

  it('delivers to the server with the Message-ID and an X-Mail-Kind header', async () => {
    const server = await startSmtpServer();
    try {
      const { transport, calls } = smtpTransport(server.port);
      await transport.deliver(
        mail({
          attachments: [{ filename: 'receipt.pdf', content: PDF, contentType: 'application/pdf' }],
        }),
      );
      expect(server.received).toHaveLength(1);
      const [got] = server.received;
      expect(got!.from).toBe('house@example.org');
      expect(got!.to).toEqual(['anna@example.org']);
      const msg = parseMime(got!.raw);
      expect(msg.headers.get('message-id')).toBe('<5f0e7c1a-test@site.test>');
      expect(msg.headers.get('x-mail-kind')).toBe('password_reset');
      expect(msg.headers.get('subject')).toBe('St. Joseph: reset your password');
      expect(partOfType(msg, 'application/pdf')!.body.equals(PDF)).toBe(true);
      expect(partOfType(msg, 'text/html')!.body.toString()).toContain(
        '<a href="https://site.test/b">',
      );
      // Nothing goes to the dev outbox when SMTP is configured.
      await expect(readdir(path.join(dir, 'outbox'))).rejects.toThrow();
      expect(calls.filter((c) => c.level === 'info')).toEqual([
        expect.objectContaining({
          obj: {
            kind: 'password_reset',
            to: 'anna@example.org',
            messageId: '<5f0e7c1a-test@site.test>',
          },
        }),
      ]);
    } finally {
      await server.close();
    }
  });

  it('sends a mail again with the same Message-ID (a retry is recognisable)', async () => {
    const server = await startSmtpServer();
    try {
      const { transport } = smtpTransport(server.port);
      await transport.deliver(mail());
      await transport.deliver(mail());
      expect(server.received.map((r) => parseMime(r.raw).headers.get('message-id'))).toEqual([
        '<5f0e7c1a-test@site.test>',
        '<5f0e7c1a-test@site.test>',
      ]);
    } finally {
      await server.close();
    }
  });

  it('throws when the server is unreachable, so the worker retries it', async () => {
    const { transport, calls } = smtpTransport(await freePort());
    await expect(transport.deliver(mail())).rejects.toThrow(/ECONNREFUSED/);
    expect(calls.filter((c) => c.level === 'info')).toHaveLength(0);
    await expect(readdir(path.join(dir, 'outbox'))).rejects.toThrow();
  });

  it('throws when the server refuses the mail', async () => {
    const server = await startSmtpServer({ answer: () => 'reject' });
    try {
      const { transport } = smtpTransport(server.port);
      await expect(transport.deliver(mail())).rejects.toThrow(/Mailbox unavailable/);
      expect(server.received).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
