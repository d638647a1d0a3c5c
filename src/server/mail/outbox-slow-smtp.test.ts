// Two instances' workers over one database and a slow SMTP server: each mail is
// claimed just before it is sent, with a lease longer than the attempt may last
// (its deadline, `mailSendDeadlineMs`), so no mail is still being sent by one
// worker when its lease runs out and another worker sends it too (docs/mail.md).
import { describe, expect, it } from 'vitest';
import { mailSendDeadlineMs } from '../config.js';
import { mailHeader } from '../testing/smtp-server.js';
import { useOutboxTestApp, worker } from './outbox.testing.js';

const { rows, queue, smtpServer, smtpTransport, instances } = useOutboxTestApp();

/** Each worker keeps looking for due mail, as an instance does, until every mail is sent. */
async function drainUntilSent(workers: ReturnType<typeof worker>[]) {
  await Promise.all(
    workers.map(async (w) => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        await w.drain();
        if ((await rows()).every((r) => r.status === 'sent')) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
}

describe('two workers and a slow SMTP server', () => {
  it('send each mail once, though all of them take longer than one lease', async () => {
    const leaseMs = 4_000;
    // Each mail answered 300 ms after its DATA (well inside the idle timeout, a third of
    // the 3 s deadline): fifteen take 4.5 s one after another, longer than the lease.
    const server = await smtpServer({ delayMs: 300 });
    await queue(15);
    const workers = (await instances(2)).map((db) =>
      worker(db, smtpTransport(server.port, leaseMs), { leaseMs }),
    );
    await drainUntilSent(workers);

    const ids = server.received.map((m) => mailHeader(m.raw, 'Message-ID'));
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
    const all = await rows();
    expect(all.map((r) => [r.status, r.attempts])).toEqual(Array(15).fill(['sent', 1]));
    for (const w of workers) expect(w.log.filter((c) => c.level === 'warn')).toEqual([]);
  });

  it('cut a send that outlasts its deadline short, never idle long enough for a timeout, and deliver the mail once', async () => {
    const leaseMs = 2_000;
    // The first connection answers a byte every 25 ms after its greeting: never silent,
    // the conversation would last several seconds, past the lease. Later ones answer at once.
    const server = await smtpServer({ trickleMs: (connection) => (connection === 0 ? 25 : 0) });
    await queue(1);
    const [queued] = await rows();
    const workers = (await instances(2)).map((db) =>
      worker(db, smtpTransport(server.port, leaseMs), { leaseMs, retryBaseMs: 200 }),
    );
    await drainUntilSent(workers);

    // Once at the server: the slow attempt ended at its deadline, before its lease, and
    // the mail went out on the next attempt, with the Message-ID it was queued with.
    expect(server.received.map((m) => mailHeader(m.raw, 'Message-ID'))).toEqual([
      queued!.messageId,
    ]);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const warnings = workers.flatMap((w) => w.log.filter((c) => c.level === 'warn'));
    expect(warnings).toEqual([
      expect.objectContaining({
        msg: 'mail will be retried',
        obj: expect.objectContaining({
          attempts: 1,
          err: 'the send took longer than its deadline and was cut short',
        }),
      }),
    ]);
    expect(mailSendDeadlineMs(leaseMs)).toBe(1_000);
  });
});
