import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../shared/dates.js';

// The real server process on the embedded database: killed with SIGKILL in the
// middle of a stream of writes, then restarted on the same data directory.

const ADMIN_PASSWORD = 'crash-test-password';
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
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
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      FACILITY_TIMEZONE: 'UTC',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/status`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** A small client keeping the session and CSRF cookies. */
function client(port: number) {
  const cookies = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown, form?: FormData) => {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers,
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      cookies.set(k!, v!);
    }
    return res;
  };
  return {
    call,
    async login() {
      await call('GET', '/api/auth/status');
      const res = await call('POST', '/api/auth/login', {
        username: 'admin',
        password: ADMIN_PASSWORD,
      });
      expect(res.status).toBe(200);
    },
  };
}

/** Resolves when the process has exited, even if it already had. */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function pdfBytes(label: string) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(label);
  return doc.save();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'retreat-crash-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('crash safety on the embedded database', () => {
  it('keeps every acknowledged reservation and upload after SIGKILL, and opens cleanly', async () => {
    const port = await freePort();
    let server = await startServer(port);
    const c = client(port);
    await c.login();
    const account = await (
      await c.call('POST', '/api/account', { accountName: 'Crash Church' })
    ).json();

    const today = todayIn('UTC');
    const reservations = new Map<number, string>();
    const documents = new Map<number, string>();
    let sent = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = w; !stop; i += 4) {
        sent++;
        try {
          if (i % 2 === 0) {
            const day = addDays(today, 1 + i);
            const res = await c.call('POST', '/api/reservations', {
              startTime: startTimeOf(day),
              endTime: endTimeOf(day),
              eventName: `Event ${i}`,
              eventDescription: `Description ${i}`,
            });
            if (res.status === 201) reservations.set((await res.json()).id, `Event ${i}`);
          } else {
            const bytes = await pdfBytes(`document ${i}`);
            const form = new FormData();
            form.set('description', `Document ${i}`);
            form.set('accountId', String(account.id));
            form.set(
              'documentFile',
              new Blob([bytes as BlobPart], { type: 'application/pdf' }),
              `doc-${i}.pdf`,
            );
            const res = await c.call('POST', '/api/documents/upload', undefined, form);
            if (res.status === 201) documents.set((await res.json()).document.id, sha(bytes));
          }
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    // Kill in the middle of the stream, without warning.
    while (reservations.size + documents.size < 30) await new Promise((r) => setTimeout(r, 20));
    const killed = exited(server);
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await killed;
    expect(sent).toBeGreaterThan(reservations.size + documents.size - 1);

    server = await startServer(port);
    try {
      const again = client(port);
      await again.login();
      const stored = (await (await again.call('GET', '/api/reservations')).json()) as {
        id: number;
        eventName: string;
      }[];
      const byId = new Map(stored.map((r) => [r.id, r.eventName]));
      for (const [id, name] of reservations) expect(byId.get(id), `reservation ${id}`).toBe(name);

      for (const [id, hash] of documents) {
        const link = await again.call('GET', `/api/documents/${id}/download`);
        expect(link.status, `document ${id}`).toBe(200);
        const file = await again.call('GET', (await link.json()).downloadUrl);
        expect(sha(new Uint8Array(await file.arrayBuffer())), `bytes of document ${id}`).toBe(hash);
      }
      // The database takes new writes after the crash.
      const day = addDays(today, 900);
      const res = await again.call('POST', '/api/reservations', {
        startTime: startTimeOf(day),
        endTime: endTimeOf(day),
        eventName: 'After the crash',
        eventDescription: 'Still works',
      });
      expect(res.status).toBe(201);
    } finally {
      const stopped = exited(server);
      server.kill('SIGTERM');
      await stopped;
    }
  }, 120_000);

  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    const port = await freePort();
    const server = await startServer(port);
    const c = client(port);
    await c.login();
    const day = addDays(todayIn('UTC'), 1500);
    const pending = c.call('POST', '/api/reservations', {
      startTime: startTimeOf(day),
      endTime: endTimeOf(day),
      eventName: 'In flight',
      eventDescription: 'Sent just before SIGTERM',
    });
    await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    const res = await pending;
    expect(res.status).toBe(201);
    expect(await exited).toBe(0);
  }, 60_000);
});
