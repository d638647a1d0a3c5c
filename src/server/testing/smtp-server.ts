import net from 'node:net';
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
    /**
     * A server that talks slowly without ever falling silent: on a connection (counted
     * from 0) for which this gives a number, every answer after the greeting comes one
     * byte at a time, that many milliseconds apart. No idle timeout ends such a
     * conversation; only a deadline for the whole send does.
     */
    trickleMs?: (connection: number) => number;
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
  const trickleMs = options.trickleMs;
  await new Promise<void>((resolve) =>
    server.listen(trickleMs ? 0 : (options.port ?? 0), '127.0.0.1', resolve),
  );
  const smtpPort = (server.server.address() as net.AddressInfo).port;
  const closeSmtp = () => new Promise<void>((resolve) => server.close(() => resolve()));
  if (!trickleMs) return { port: smtpPort, received, close: closeSmtp };

  // The trickle is a proxy in front of the server: what clients send passes at once.
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const proxy = net.createServer((client) => {
    const upstream = net.connect(smtpPort, '127.0.0.1');
    const ms = trickleMs(connections++);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    if (!ms) {
      upstream.pipe(client);
      return;
    }
    let pending = Buffer.alloc(0);
    let greeted = false;
    let ended = false;
    const timer = setInterval(() => {
      if (pending.length > 0) {
        client.write(pending.subarray(0, 1));
        pending = pending.subarray(1);
      } else if (ended) client.end();
    }, ms);
    client.on('close', () => clearInterval(timer));
    upstream.on('end', () => (ended = true));
    upstream.on('data', (chunk: Buffer) => {
      if (!greeted) {
        // The greeting's line passes at once: only the idle timeout applies after it.
        const eol = chunk.indexOf('\n') + 1;
        greeted = eol > 0;
        client.write(chunk.subarray(0, greeted ? eol : chunk.length));
        chunk = chunk.subarray(greeted ? eol : chunk.length);
      }
      pending = Buffer.concat([pending, chunk]);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await closeSmtp();
    },
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The value of a header of a raw message (first occurrence, in the head only). */
export const mailHeader = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1]?.trim();
