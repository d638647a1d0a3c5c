import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** False for a message held: the server has all of it but never answered. */
  answered: boolean;
}

/** What the server does with a message once it has the whole DATA. */
export type SmtpAnswer = 'accept' | 'reject' | 'hold';

/**
 * A real SMTP server on loopback (port 0, or a given one) that keeps the
 * messages it accepts or holds; `answer` decides for each message, given the
 * ones kept before it. A refused message (550) is not kept.
 */
export async function startSmtpServer(
  options: {
    port?: number;
    answer?: (kept: readonly ReceivedMail[]) => SmtpAnswer;
    /** A slow server: each accepted message is answered this long after its DATA. */
    delayMs?: number;
  } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const answer = options.answer?.(received) ?? 'accept';
        if (answer === 'reject') {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          answered: answer === 'accept',
        });
        // A held message's answer never comes.
        if (answer === 'accept') setTimeout(() => callback(), options.delayMs ?? 0);
      });
    },
  });
  // A client that goes away mid-transaction (ECONNRESET) is no failure of the test's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The value of a header of a raw message (first occurrence, in the head only). */
export const mailHeader = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1]?.trim();
