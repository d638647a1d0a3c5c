import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { htmlOf } from './html.js';

/** What a mail is about (docs/mail.md); in the outbox's `.json`, the mail log and the admin's Mail screen. */
export type MailKind =
  | 'registration'
  | 'registration_approved'
  | 'registration_rejected'
  | 'reservation_request'
  | 'pending_digest'
  | 'payment_reminder'
  | 'stay_reminder'
  | 'agreement_reminder'
  | 'deposit_reminder'
  | 'questionnaire_reminder'
  | 'insurance_reminder'
  | 'balance_reminder'
  | 'approval'
  | 'rejection'
  | 'cancellation'
  | 'receipt'
  | 'credit_note'
  | 'refund_failed'
  | 'payment_failed'
  | 'invoice'
  | 'password_reset'
  | 'test';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A mail as a change asks for it; it is queued in the outbox in the change's transaction. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** The HTML part; without it one is made from the text. */
  html?: string;
  attachments?: MailAttachment[];
  /** At most one mail is ever queued per key (a reminder per reservation and kind). */
  dedupeKey?: string;
}

/** A queued mail on its way out: the same Message-ID on every attempt. */
export interface OutgoingMail extends MailMessage {
  id: number;
  messageId: string;
}

/** Hands a mail to SMTP or the dev outbox; throws when it could not. */
export interface MailTransport {
  /**
   * `signal` aborts when the attempt's deadline passes (the worker's, inside the lease):
   * the SMTP conversation is cut short, its connection closed, and the send throws.
   */
  deliver(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  /** Loads what sending needs (nodemailer), before the first mail's lease and deadline start. */
  prepare?(): Promise<void>;
  close?(): void;
}

export interface TransportOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Dev outbox: each mail is written here when no SMTP server is configured. */
  outboxDir: string;
  logger: FastifyBaseLogger;
  /** The house's name, at the top of every HTML part: as it is when the mail leaves (docs/site-content.md). */
  houseName: () => string;
  /**
   * The attempt's deadline (the worker's `signal` ends the conversation then, however
   * slowly the server answers); connecting, the greeting and an idle socket each give up
   * after a third of it, sooner than that.
   */
  timeoutMs?: number;
  /**
   * Dev outbox: log each mail's links for a developer to click. Off in
   * production: a reset link is a key and logs are no place for one.
   */
  logLinks?: boolean;
}

/**
 * SMTP when configured; otherwise a dev outbox: every mail is written to
 * `outboxDir` as `.eml` (what a mail client would show, attachments included)
 * and `.json` (its kind, address, subject, text and attachments' names, easy to
 * read in tests), and its links are logged so a developer can click them
 * (`logLinks`, never in production).
 */
export function createMailTransport(options: TransportOptions): MailTransport {
  const { smtpUrl, from, outboxDir, logger } = options;
  const timeout = options.timeoutMs ?? 60_000;
  // nodemailer is loaded by the first mail, not at start (docs/operations.md, "Speed").
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport({
            url: smtpUrl,
            // Each phase a third: the whole conversation ends within `timeoutMs`.
            connectionTimeout: Math.ceil(timeout / 3),
            greetingTimeout: Math.ceil(timeout / 3),
            socketTimeout: Math.ceil(timeout / 3),
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));

  return {
    async deliver(mail, signal) {
      const message: SendMailOptions & { signal?: AbortSignal } = {
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? htmlOf(options.houseName(), mail.text),
        messageId: mail.messageId,
        headers: { 'X-Mail-Kind': mail.kind },
        attachments: mail.attachments,
        // nodemailer closes the SMTP connection of an aborted send and fails it (EABORT).
        ...(signal ? { signal } : {}),
      };
      let info;
      try {
        info = await (await open()).sendMail(message);
      } catch (err) {
        if (!signal?.aborted) throw err;
        throw new Error('the send took longer than its deadline and was cut short', {
          cause: err,
        });
      }
      if (smtpUrl) {
        logger.info({ kind: mail.kind, to: mail.to, messageId: mail.messageId }, 'mail sent');
        return;
      }
      await mkdir(outboxDir, { recursive: true });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}`;
      const raw = (info as { message?: Buffer }).message ?? Buffer.from('');
      await writeFile(path.join(outboxDir, `${base}.eml`), raw);
      const summary = {
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        from,
        messageId: mail.messageId,
        date: new Date().toISOString(),
        attachments: mail.attachments?.map((a) => a.filename) ?? [],
      };
      await writeFile(path.join(outboxDir, `${base}.json`), JSON.stringify(summary, null, 2));
      const links = options.logLinks ? { links: mail.text.match(/https?:\/\/\S+/g) ?? [] } : {};
      logger.info(
        { kind: mail.kind, to: mail.to, subject: mail.subject, ...links, file: `${base}.eml` },
        'mail written to the dev outbox',
      );
    },
    prepare: async () => void (await open()),
    close: () => void transport?.then((t) => t.close()),
  };
}
