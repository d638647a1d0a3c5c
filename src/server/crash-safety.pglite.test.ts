import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../shared/dates.js';
import { freePort } from './testing/free-port.js';
import { exited, httpClient, startServerProcess } from './testing/server-process.js';

// The real server process on the embedded database: killed with SIGKILL in the
// middle of a stream of writes, then restarted on the same data directory.

const ADMIN_PASSWORD = 'crash-test-password';
let dataDir: string;

const startServer = async (port: number) =>
  (await startServerProcess({ dataDir, port, adminPassword: ADMIN_PASSWORD })).child;

/** A client of the server on `port`, logged in as its administrator. */
async function adminOf(port: number) {
  const c = httpClient(port);
  await c.login('admin', ADMIN_PASSWORD);
  return c;
}

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
    const c = await adminOf(port);
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
      const again = await adminOf(port);
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
    const c = await adminOf(port);
    const day = addDays(todayIn('UTC'), 1500);
    const pending = c.call('POST', '/api/reservations', {
      startTime: startTimeOf(day),
      endTime: endTimeOf(day),
      eventName: 'In flight',
      eventDescription: 'Sent just before SIGTERM',
    });
    await new Promise((r) => setTimeout(r, 5));
    const exitCode = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    const res = await pending;
    expect(res.status).toBe(201);
    expect(await exitCode).toBe(0);
  }, 60_000);
});
