import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';

// The real server process on the embedded database, sending through a real
// SMTP server: killed with SIGKILL while the SMTP server holds the DATA of a
// mail (it got the whole message but never answered), then restarted on the
// same data directory. The mail is not lost, and every copy the SMTP server
// got carries the same Message-ID, so a duplicate is recognisable.

const ADMIN_PASSWORD = 'outbox-crash-password';
const ADMIN_EMAIL = 'staff@example.org';
const dataDirs: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Received {
  raw: string;
  to: string[];
  answered: boolean;
}

/** An SMTP server that takes the first message's DATA and never answers it; later ones get 250. */
async function holdingSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const first = received.length === 0;
        received.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          to: session.envelope.rcptTo.map((r) => r.address),
          answered: !first,
        });
        // The first: the whole message is here, but the answer never comes.
        if (!first) callback();
      });
    },
  });
  // The killed client's connection ends mid-transaction (ECONNRESET): expected here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1]?.trim();

interface Server {
  child: ChildProcess;
  output: () => string;
}

async function newDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-outbox-crash-'));
  dataDirs.push(dir);
  return dir;
}

async function startServer(dataDir: string, port: number, smtpPort: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      ADMIN_EMAIL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // A killed process's mail is taken over after this, not after the default two minutes.
      MAIL_LEASE_SECONDS: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      FACILITY_TIMEZONE: 'UTC',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const server = { child, output: () => output };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/status`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** A small client keeping the session and CSRF cookies. */
function client(port: number) {
  const cookies = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown) => {
    if (method !== 'GET' && !cookies.has('XSRF-TOKEN')) await call('GET', '/api/auth/status');
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      cookies.set(k!, v!);
    }
    return res;
  };
  return { call };
}

/** Resolves when the process has exited, even if it already had. */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

/** Stops a server still running (SIGTERM, then SIGKILL if it hangs). */
async function stop(server: Server | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const stopped = exited(server.child);
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await stopped;
  clearTimeout(timer);
}

afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('the outbox across a SIGKILL or a SIGTERM', () => {
  it('delivers a mail whose sending was cut by SIGKILL after a restart, with the same Message-ID', async () => {
    const smtp = await holdingSmtpServer();
    const port = await freePort();
    const dataDir = await newDataDir();
    let server: Server | undefined;
    try {
      server = await startServer(dataDir, port, smtp.port);
      // A registration queues a mail to the administrator (ADMIN_EMAIL) in its transaction.
      const res = await client(port).call('POST', '/api/auth/register', {
        username: 'newbie',
        password: 'secret123',
        email: 'newbie@example.org',
      });
      expect(res.status).toBe(201);

      // The SMTP server has the whole message; its answer never comes. Kill now.
      await until(() => smtp.received.length === 1, 'the SMTP server to receive the DATA');
      const killed = exited(server.child);
      server.child.kill('SIGKILL');
      await killed;
      const held = smtp.received[0]!;
      expect(held.answered).toBe(false);
      expect(held.to).toEqual([ADMIN_EMAIL]);
      expect(header(held.raw, 'X-Mail-Kind')).toBe('registration');
      expect(header(held.raw, 'Subject')).toMatch(/new registration from newbie/);
      const messageId = header(held.raw, 'Message-ID');
      expect(messageId).toMatch(/^<[^<>@\s]+@[^<>\s]+>$/);

      // Restart on the same data: the mail the killed process was sending goes out.
      server = await startServer(dataDir, port, smtp.port);
      await until(
        () => smtp.received.some((r) => r.answered),
        'the mail to be delivered after the restart',
      );
      const admin = client(port);
      expect(
        (
          await admin.call('POST', '/api/auth/login', {
            username: 'admin',
            password: ADMIN_PASSWORD,
          })
        ).status,
      ).toBe(200);
      let mails: { kind: string; to: string; status: string; attempts: number }[] = [];
      await until(async () => {
        mails = await (await admin.call('GET', '/api/admin/mail')).json();
        return mails.every((m) => m.status === 'sent');
      }, 'the outbox to record the mail as sent');

      // One mail in the outbox, sent; it reached the SMTP server at least once,
      // and every copy is the same message.
      expect(mails).toEqual([
        expect.objectContaining({
          kind: 'registration',
          to: ADMIN_EMAIL,
          status: 'sent',
          attempts: 2,
        }),
      ]);
      expect(smtp.received.length).toBeGreaterThanOrEqual(2);
      for (const copy of smtp.received) {
        expect(copy.to).toEqual([ADMIN_EMAIL]);
        expect(header(copy.raw, 'Message-ID')).toBe(messageId);
        expect(header(copy.raw, 'X-Mail-Kind')).toBe('registration');
      }
      expect(smtp.received.filter((r) => r.answered)).toHaveLength(1);
    } catch (err) {
      if (server) process.stderr.write(`server output:\n${server.output()}\n`);
      throw err;
    } finally {
      await stop(server);
      await smtp.close();
    }
  }, 120_000);

  it('exits cleanly on SIGTERM while the SMTP server holds a mail, and the next start sends it', async () => {
    const smtp = await holdingSmtpServer();
    const port = await freePort();
    const dataDir = await newDataDir();
    let server: Server | undefined;
    try {
      server = await startServer(dataDir, port, smtp.port);
      const res = await client(port).call('POST', '/api/auth/register', {
        username: 'newbie',
        password: 'secret123',
      });
      expect(res.status).toBe(201);
      await until(() => smtp.received.length === 1, 'the SMTP server to receive the DATA');
      const messageId = header(smtp.received[0]!.raw, 'Message-ID');

      // A hung SMTP server must not turn a graceful stop into main.ts's
      // "shutdown took too long" exit(1) ten seconds later.
      const running = server;
      const code = new Promise<number | null>((r) => running.child.once('exit', (c) => r(c)));
      running.child.kill('SIGTERM');
      expect(await code, running.output()).toBe(0);
      expect(running.output()).not.toContain('shutdown took too long');

      // The mail was not sent: the next start sends it, the same message.
      server = await startServer(dataDir, port, smtp.port);
      await until(
        () => smtp.received.some((r) => r.answered),
        'the mail to be delivered after the restart',
      );
      for (const copy of smtp.received) {
        expect(copy.to).toEqual([ADMIN_EMAIL]);
        expect(header(copy.raw, 'Message-ID')).toBe(messageId);
      }
    } catch (err) {
      if (server) process.stderr.write(`server output:\n${server.output()}\n`);
      throw err;
    } finally {
      await stop(server);
      await smtp.close();
    }
  }, 120_000);
});
