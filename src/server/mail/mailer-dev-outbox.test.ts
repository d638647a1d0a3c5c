// The transport the outbox's worker hands each mail to, without SMTP_URL:
// the dev outbox (`.eml` and `.json` files, links logged).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeLogger } from '../testing/fake-logger.js';
import { createMailTransport } from './mailer.js';
import { HOUSE, PDF, mail, parseMime, partOfType, useScratchDir } from './mailer.testing.js';

let dir: string;
useScratchDir((made) => (dir = made));

function devTransport(outboxDir = path.join(dir, 'outbox'), logLinks = true) {
  const { logger, calls } = fakeLogger();
  const transport = createMailTransport({
    from: 'House <house@example.org>',
    outboxDir,
    logger,
    houseName: () => HOUSE,
    logLinks,
  });
  return { transport, calls, outboxDir };
}

async function outboxFiles(outboxDir: string) {
  const files = (await readdir(outboxDir)).sort();
  const emls = files.filter((f) => f.endsWith('.eml'));
  const jsons = files.filter((f) => f.endsWith('.json'));
  return { files, emls, jsons };
}

describe('dev outbox (no SMTP_URL)', () => {
  it('writes each delivered mail as a raw .eml and a .json of the same name', async () => {
    const { transport, outboxDir } = devTransport();
    await transport.deliver(mail());
    const { files, emls, jsons } = await outboxFiles(outboxDir);
    expect(files).toHaveLength(2);
    expect(emls).toHaveLength(1);
    expect(jsons).toHaveLength(1);
    expect(emls[0]!.replace(/\.eml$/, '')).toBe(jsons[0]!.replace(/\.json$/, ''));
    // The file names carry the outbox row's id.
    expect(emls[0]).toMatch(/-42\.eml$/);

    const raw = await readFile(path.join(outboxDir, emls[0]!), 'utf8');
    const msg = parseMime(raw);
    expect(msg.headers.get('message-id')).toBe('<5f0e7c1a-test@site.test>');
    expect(msg.headers.get('x-mail-kind')).toBe('password_reset');
    expect(msg.headers.get('to')).toBe('anna@example.org');
    expect(msg.headers.get('from')).toBe('House <house@example.org>');
    expect(msg.headers.get('subject')).toBe('St. Joseph: reset your password');

    const text = partOfType(msg, 'text/plain');
    expect(text, 'a text part').toBeTruthy();
    expect(text!.body.toString('utf8')).toContain(
      'http://site.test/reset-password?token=abc&username=anna within one hour.',
    );

    const summary = JSON.parse(await readFile(path.join(outboxDir, jsons[0]!), 'utf8'));
    expect(summary).toMatchObject({
      kind: 'password_reset',
      to: 'anna@example.org',
      subject: 'St. Joseph: reset your password',
      messageId: '<5f0e7c1a-test@site.test>',
      from: 'House <house@example.org>',
      attachments: [],
    });
    expect(summary.text).toContain('token=abc&username=anna');
    expect(new Date(summary.date).toString()).not.toBe('Invalid Date');
  });

  it('makes an HTML part from the text: the house name, everything escaped, links clickable', async () => {
    const { transport, outboxDir } = devTransport();
    await transport.deliver(mail());
    const { emls } = await outboxFiles(outboxDir);
    const msg = parseMime(await readFile(path.join(outboxDir, emls[0]!), 'utf8'));
    expect(msg.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const html = partOfType(msg, 'text/html');
    expect(html, 'an HTML part').toBeTruthy();
    const body = html!.body.toString('utf8');

    // The house's name as the title and heading, escaped.
    const escapedHouse = 'St. Joseph&#39;s &lt;House&gt; &amp; Garden';
    expect(body).toContain(`<title>${escapedHouse}</title>`);
    expect(body).toMatch(new RegExp(`<h1[^>]*>${escapedHouse}</h1>`));
    // The text, escaped: no markup of the text reaches the HTML.
    expect(body).toContain(
      'Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt; say &quot;hi&quot;.',
    );
    expect(body).not.toContain('<script>');
    // Each link is an anchor (its & escaped in the attribute, as HTML wants it).
    expect(body).toContain(
      '<a href="http://site.test/reset-password?token=abc&amp;username=anna">http://site.test/reset-password?token=abc&amp;username=anna</a>',
    );
    expect(body).toContain('<a href="https://site.test/b">https://site.test/b</a>');
    // One paragraph per block of lines.
    expect(body.match(/<p>/g)).toHaveLength(3);
    expect(body).toContain('Hello anna,</p>');
  });

  it('ends a link at the quote around it (text a person typed, e.g. a rejection reason)', async () => {
    const { transport, outboxDir } = devTransport();
    await transport.deliver(
      mail({ text: `Reason: see "https://site.test/rules" and 'https://site.test/faq'` }),
    );
    const { emls } = await outboxFiles(outboxDir);
    const msg = parseMime(await readFile(path.join(outboxDir, emls[0]!), 'utf8'));
    const body = partOfType(msg, 'text/html')!.body.toString('utf8');
    expect(body).toContain(
      '&quot;<a href="https://site.test/rules">https://site.test/rules</a>&quot;',
    );
    expect(body).toContain('&#39;<a href="https://site.test/faq">https://site.test/faq</a>&#39;');
  });

  it('uses the HTML part a mail brings instead of making one', async () => {
    const { transport, outboxDir } = devTransport();
    await transport.deliver(mail({ html: '<p>Handmade <b>HTML</b></p>' }));
    const { emls } = await outboxFiles(outboxDir);
    const msg = parseMime(await readFile(path.join(outboxDir, emls[0]!), 'utf8'));
    expect(partOfType(msg, 'text/html')!.body.toString('utf8')).toBe('<p>Handmade <b>HTML</b></p>');
  });

  it('keeps attachments in the .eml (base64 PDF bytes) and names them in the .json', async () => {
    const { transport, outboxDir } = devTransport();
    await transport.deliver(
      mail({
        kind: 'receipt',
        subject: 'Receipt',
        text: 'Attached.',
        attachments: [
          { filename: 'receipt-2024-0001.pdf', content: PDF, contentType: 'application/pdf' },
          {
            filename: 'stay.ics',
            content: Buffer.from('BEGIN:VCALENDAR\nEND:VCALENDAR\n'),
            contentType: 'text/calendar',
          },
        ],
      }),
    );
    const { emls, jsons } = await outboxFiles(outboxDir);
    const raw = await readFile(path.join(outboxDir, emls[0]!), 'utf8');
    // The PDF is in the raw file as base64 (wrapped in lines).
    expect(raw.replace(/\r?\n/g, '')).toContain(PDF.toString('base64'));

    const msg = parseMime(raw);
    expect(msg.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const pdf = partOfType(msg, 'application/pdf');
    expect(pdf, 'a PDF part').toBeTruthy();
    expect(pdf!.headers.get('content-transfer-encoding')).toBe('base64');
    expect(pdf!.headers.get('content-disposition')).toMatch(
      /attachment; filename="?receipt-2024-0001\.pdf"?/,
    );
    expect(pdf!.body.equals(PDF)).toBe(true);
    expect(partOfType(msg, 'text/calendar')!.body.toString()).toContain('BEGIN:VCALENDAR');
    // The text and HTML parts are still there beside the attachments.
    expect(partOfType(msg, 'text/plain')!.body.toString()).toBe('Attached.');
    expect(partOfType(msg, 'text/html')!.body.toString()).toContain('Attached.');
    expect(msg.headers.get('message-id')).toBe('<5f0e7c1a-test@site.test>');

    const summary = JSON.parse(await readFile(path.join(outboxDir, jsons[0]!), 'utf8'));
    expect(summary).toMatchObject({ kind: 'receipt', messageId: '<5f0e7c1a-test@site.test>' });
    expect(summary.attachments).toEqual(['receipt-2024-0001.pdf', 'stay.ics']);
  });

  it('logs the links of each mail so a developer can open them', async () => {
    const { transport, calls, outboxDir } = devTransport();
    await transport.deliver(mail());
    const info = calls.filter((c) => c.level === 'info');
    expect(info).toHaveLength(1);
    expect(info[0]!.obj).toMatchObject({
      kind: 'password_reset',
      to: 'anna@example.org',
      subject: 'St. Joseph: reset your password',
      links: ['http://site.test/reset-password?token=abc&username=anna', 'https://site.test/b'],
    });
    const { emls } = await outboxFiles(outboxDir);
    expect(info[0]!.obj.file).toBe(emls[0]);
    expect(calls.filter((c) => c.level === 'error' || c.level === 'warn')).toHaveLength(0);
  });

  it('logs no link when told not to (production): a reset link is a key', async () => {
    const { transport, calls, outboxDir } = devTransport(undefined, false);
    await transport.deliver(mail());
    const info = calls.filter((c) => c.level === 'info');
    expect(info).toHaveLength(1);
    expect(info[0]!.obj).toMatchObject({ kind: 'password_reset', to: 'anna@example.org' });
    expect(info[0]!.obj).not.toHaveProperty('links');
    expect(JSON.stringify(calls)).not.toMatch(/token|https?:/);
    // The mail itself still carries it.
    const { jsons } = await outboxFiles(outboxDir);
    expect(await readFile(path.join(outboxDir, jsons[0]!), 'utf8')).toContain('token=abc');
  });

  it('writes each of several mails to files of its own', async () => {
    const { transport, outboxDir } = devTransport();
    await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        transport.deliver(mail({ id, messageId: `<m${id}@site.test>`, to: `u${id}@example.org` })),
      ),
    );
    const { emls, jsons } = await outboxFiles(outboxDir);
    expect(emls).toHaveLength(5);
    expect(jsons).toHaveLength(5);
    const ids = await Promise.all(
      jsons.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')).messageId),
    );
    expect(ids.sort()).toEqual([1, 2, 3, 4, 5].map((id) => `<m${id}@site.test>`));
  });

  it('throws when the mail cannot be written, so the worker retries it', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'not a directory');
    const { transport, calls } = devTransport(path.join(blocker, 'outbox'));
    await expect(transport.deliver(mail())).rejects.toThrow();
    expect(calls.filter((c) => c.level === 'info')).toHaveLength(0);
  });
});
