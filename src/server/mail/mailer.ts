import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Sends in the background; failures are logged, never thrown at the caller. */
  send(message: MailMessage): void;
  /** Resolves when every mail handed over so far has been delivered or has failed. */
  idle(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Dev outbox: each mail is written here when no SMTP server is configured. */
  outboxDir: string;
  logger: FastifyBaseLogger;
}

/**
 * SMTP when configured; otherwise a dev outbox: every mail is written to
 * `outboxDir` as `.eml` (what a mail client would show) and `.json` (easy to
 * read in tests), and its links are logged so a developer can click them.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage) {
    const info = await transport.sendMail({ from, ...message });
    if (smtpUrl) return;
    await mkdir(outboxDir, { recursive: true });
    const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const raw = (info as { message?: Buffer }).message ?? Buffer.from('');
    const { attachments, ...summary } = message;
    await writeFile(path.join(outboxDir, `${base}.eml`), raw);
    await writeFile(
      path.join(outboxDir, `${base}.json`),
      JSON.stringify(
        { ...summary, from, date: new Date().toISOString(), attachments: attachments?.map((a) => a.filename) ?? [] },
        null,
        2,
      ),
    );
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    logger.info({ to: message.to, subject: message.subject, links, file: `${base}.eml` }, 'mail written to the dev outbox');
  }

  return {
    send(message) {
      const job = deliver(message)
        .catch((err: unknown) => logger.error({ err, to: message.to, subject: message.subject }, 'mail not sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
