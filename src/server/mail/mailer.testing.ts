// The mail transport tests' setup: a minimal MIME reader, a mail to deliver
// with a PDF to attach, and a scratch folder of each test's own.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { OutgoingMail } from './mailer.js';

/** A minimal MIME reader: headers (unfolded, lower-case names), decoded body, and parts. */
export interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
  parts: MimePart[];
}

export function parseMime(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const rest = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = rest.split(`--${boundary}`);
    // Before the first boundary is the preamble; after the closing one ("--") the epilogue.
    const parts = sections
      .slice(1)
      .filter((s) => !s.startsWith('--'))
      .map((s) => parseMime(s.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { headers, body: Buffer.from(''), parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let body: Buffer;
  if (encoding === 'base64') body = Buffer.from(rest.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable')
    body = Buffer.from(
      rest
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  else body = Buffer.from(rest);
  return { headers, body, parts: [] };
}

const leaves = (p: MimePart): MimePart[] => (p.parts.length ? p.parts.flatMap(leaves) : [p]);
export const partOfType = (p: MimePart, type: string) =>
  leaves(p).find((l) => (l.headers.get('content-type') ?? '').toLowerCase().startsWith(type));

export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  // Bytes that are not text, so the attachment must really be base64.
  Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256)),
  Buffer.from('\n%%EOF\n'),
]);

export function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    id: 42,
    messageId: '<5f0e7c1a-test@site.test>',
    kind: 'password_reset',
    to: 'anna@example.org',
    subject: 'St. Joseph: reset your password',
    text: [
      'Hello anna,',
      '',
      'Open http://site.test/reset-password?token=abc&username=anna within one hour.',
      'Tom & Jerry <script>alert(1)</script> say "hi".',
      '',
      'Second link:',
      'https://site.test/b',
    ].join('\n'),
    ...overrides,
  };
}

export const HOUSE = "St. Joseph's <House> & Garden";

/** A folder of its own for each test, made before it (`use` gets its path) and removed after it. */
export function useScratchDir(use: (dir: string) => void) {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-mail-'));
    use(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
}
