import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.js';
import {
  exited,
  httpClient,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../testing/server-process.js';
import { mailHeader, startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.js';

// The real server process on the embedded database, sending through a real
// SMTP server: killed with SIGKILL while the SMTP server holds the DATA of a
// mail (it got the whole message but never answered), then restarted on the
// same data directory. The mail is not lost, and every copy the SMTP server
// got carries the same Message-ID, so a duplicate is recognisable.

const ADMIN_PASSWORD = 'outbox-crash-password';
const ADMIN_EMAIL = 'staff@example.org';
const dataDirs: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

interface Run {
  /** Takes the first message's DATA and never answers it; later ones get 250. */
  smtp: TestSmtpServer;
  port: number;
  /** Starts the server (again) on the run's port and data directory. */
  start: () => Promise<ServerProcess>;
}

/**
 * Runs `test` with a holding SMTP server, a port and a data directory of its
 * own; on a failure prints the output of the server last started, and stops it
 * and the SMTP server in any case.
 */
async function withServer(test: (run: Run) => Promise<void>) {
  const smtp = await startSmtpServer({
    answer: (kept) => (kept.length === 0 ? 'hold' : 'accept'),
  });
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'retreat-outbox-crash-'));
  dataDirs.push(dataDir);
  let server: ServerProcess | undefined;
  const start = async () =>
    (server = await startServerProcess({
      dataDir,
      port,
      adminPassword: ADMIN_PASSWORD,
      env: {
        ADMIN_EMAIL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        // A killed process's mail is taken over after this, not after the default two minutes;
        // a send may take 3 s of it (docs/mail.md).
        MAIL_LEASE_SECONDS: '4',
        LOG_LEVEL: 'warn',
      },
    }));
  try {
    await test({ smtp, port, start });
  } catch (err) {
    if (server) process.stderr.write(`server output:\n${server.output()}\n`);
    throw err;
  } finally {
    await stopServerProcess(server);
    await smtp.close();
  }
}

/**
 * Posts a registration, which queues a mail to the administrator (ADMIN_EMAIL)
 * in its transaction; gives that mail once the SMTP server holds it: it has the
 * whole message, and its answer never comes.
 */
async function registerUntilHeld({ smtp, port }: Run, registration: Record<string, string>) {
  const res = await httpClient(port).call('POST', '/api/auth/register', registration);
  expect(res.status).toBe(201);
  await until(() => smtp.received.length === 1, 'the SMTP server to receive the DATA');
  return smtp.received[0]!;
}

/** Starts the server again on the same data, and waits until a mail is delivered and answered. */
async function restartUntilDelivered({ smtp, start }: Run) {
  await start();
  await until(
    () => smtp.received.some((r) => r.answered),
    'the mail to be delivered after the restart',
  );
}

describe('the outbox across a SIGKILL or a SIGTERM', () => {
  it('delivers a mail whose sending was cut by SIGKILL after a restart, with the same Message-ID', async () => {
    await withServer(async (run) => {
      const { smtp, port } = run;
      const server = await run.start();
      const held = await registerUntilHeld(run, {
        username: 'newbie',
        password: 'secret123',
        email: 'newbie@example.org',
      });

      // Kill while the SMTP server holds the mail.
      const killed = exited(server.child);
      server.child.kill('SIGKILL');
      await killed;
      expect(held.answered).toBe(false);
      expect(held.to).toEqual([ADMIN_EMAIL]);
      expect(mailHeader(held.raw, 'X-Mail-Kind')).toBe('registration');
      expect(mailHeader(held.raw, 'Subject')).toMatch(/new registration from newbie/);
      const messageId = mailHeader(held.raw, 'Message-ID');
      expect(messageId).toMatch(/^<[^<>@\s]+@[^<>\s]+>$/);

      // Restart on the same data: the mail the killed process was sending goes out.
      await restartUntilDelivered(run);
      const admin = httpClient(port);
      await admin.login('admin', ADMIN_PASSWORD);
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
        expect(mailHeader(copy.raw, 'Message-ID')).toBe(messageId);
        expect(mailHeader(copy.raw, 'X-Mail-Kind')).toBe('registration');
      }
      expect(smtp.received.filter((r) => r.answered)).toHaveLength(1);
    });
  }, 120_000);

  it('exits cleanly on SIGTERM while the SMTP server holds a mail, and the next start sends it', async () => {
    await withServer(async (run) => {
      const running = await run.start();
      const held = await registerUntilHeld(run, { username: 'newbie', password: 'secret123' });
      const messageId = mailHeader(held.raw, 'Message-ID');

      // A hung SMTP server must not turn a graceful stop into main.ts's
      // "shutdown took too long" exit(1) ten seconds later.
      const code = new Promise<number | null>((r) => running.child.once('exit', (c) => r(c)));
      running.child.kill('SIGTERM');
      expect(await code, running.output()).toBe(0);
      expect(running.output()).not.toContain('shutdown took too long');

      // The mail was not sent: the next start sends it, the same message.
      await restartUntilDelivered(run);
      for (const copy of run.smtp.received) {
        expect(copy.to).toEqual([ADMIN_EMAIL]);
        expect(mailHeader(copy.raw, 'Message-ID')).toBe(messageId);
      }
    });
  }, 120_000);
});
