// Two instances' workers over one database and a slow SMTP server: each mail is
// claimed just before it is sent, with a lease longer than the SMTP
// conversation, so no mail waits in one worker's hands while its lease runs out
// and another worker sends it too (docs/mail.md).
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/open.js';
import { testDbKind } from '../testing/harness.js';
import { fakeLogger } from '../testing/fake-logger.js';
import { mailHeader, startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.js';
import { createMailTransport, type MailTransport } from './mailer.js';
import { useOutboxTestApp, worker } from './outbox.testing.js';

const { t, rows, queue } = useOutboxTestApp();

const LEASE_MS = 2_000;
const SMTP_DELAY_MS = 300;

let server: TestSmtpServer | undefined;
const transports: MailTransport[] = [];
const opened: Database[] = [];
afterEach(async () => {
  for (const tr of transports.splice(0)) tr.close?.();
  for (const d of opened.splice(0)) await d.close();
  await server?.close();
  server = undefined;
});

function smtpTransport(port: number) {
  const transport = createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'House <house@example.org>',
    outboxDir: path.join(t.config.dataDir, 'outbox'),
    logger: fakeLogger().logger,
    houseName: () => 'House',
    timeoutMs: Math.floor(LEASE_MS * 0.75),
  });
  transports.push(transport);
  return transport;
}

describe('two workers and a slow SMTP server', () => {
  it('send each mail once, though all of them take longer than one lease', async () => {
    server = await startSmtpServer({ delayMs: SMTP_DELAY_MS });
    // Ten mails take 3 s to send one after another: longer than a lease of 2 s.
    await queue(10);
    let dbs: [Db, Db] = [t.db, t.db];
    if (testDbKind === 'postgres') {
      opened.push(await openDatabase({ databaseUrl: t.databaseUrl! }));
      opened.push(await openDatabase({ databaseUrl: t.databaseUrl! }));
      dbs = [opened[0]!.db, opened[1]!.db];
    }
    const workers = dbs.map((db) =>
      worker(db, smtpTransport(server!.port), { leaseMs: LEASE_MS, retryBaseMs: 60_000 }),
    );
    // Each instance keeps looking for due mail until every mail is sent.
    const keepDraining = async (w: (typeof workers)[number]) => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        await w.drain();
        if ((await rows()).every((r) => r.status === 'sent')) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await Promise.all(workers.map(keepDraining));

    const ids = server.received.map((m) => mailHeader(m.raw, 'Message-ID'));
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    const all = await rows();
    expect(all.map((r) => [r.status, r.attempts])).toEqual(Array(10).fill(['sent', 1]));
    for (const w of workers) expect(w.log.filter((c) => c.level === 'warn')).toEqual([]);
  });
});
