import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { documents } from '../../db/schema.js';
import { TestClient, memberWithAccount, useTestApp } from '../../testing/harness.js';

// Files above 2000 bytes are refused; three uploads a minute from one address.
const t = useTestApp({ UPLOAD_MAX_BYTES: '2000', AUTH_RATE_LIMIT_PER_MINUTE: '3' });

async function makePdf(pages = 1): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    pdf
      .addPage([300, 200])
      .drawText(`Page ${i + 1}: ${'lorem ipsum '.repeat(8)}`, { x: 10, y: 100, size: 8, font });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

function form(bytes: Buffer, description = 'Minutes') {
  const fd = new FormData();
  fd.append(
    'documentFile',
    new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
    'minutes.pdf',
  );
  fd.append('description', description);
  return fd;
}

const upload = (client: TestClient, fd: FormData) => client.postForm('/api/documents/upload', fd);

/** A member logged in from an address of their own: the rate limit counts per address. */
const member = async (username: string, remoteAddress: string) =>
  (await memberWithAccount(t, username, null, { client: { remoteAddress } })).client;

describe('upload size limit', () => {
  it('refuses a file over UPLOAD_MAX_BYTES with 413 and stores nothing; one under it is accepted', async () => {
    const client = await member('anna', '10.1.0.1');
    const big = await makePdf(12);
    expect(big.length).toBeGreaterThan(2000);
    const res = await upload(client, form(big));
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().message).toBe('string');
    expect(await t.db.select().from(documents)).toHaveLength(0);

    const small = await makePdf(1);
    expect(small.length).toBeLessThanOrEqual(2000);
    const ok = await upload(client, form(small));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().document.fileSize).toBe(small.length);
  });

  it('refuses a file exactly one byte over the limit, accepts one exactly at it', async () => {
    const client = await member('anna', '10.1.0.2');
    const base = await makePdf(1);
    // Bytes after %%EOF are ignored by readers; they make the size exact.
    const pad = (size: number) => Buffer.concat([base, Buffer.alloc(size - base.length, 0x0a)]);
    expect((await upload(client, form(pad(2001)))).statusCode).toBe(413);
    const ok = await upload(client, form(pad(2000)));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().document.fileSize).toBe(2000);
  });
});

describe('upload rate limit', () => {
  it('refuses the 4th upload a minute from one address with 429; another address is not affected', async () => {
    const client = await member('anna', '10.2.0.1');
    const pdf = await makePdf(1);
    for (let i = 1; i <= 3; i++) {
      const res = await upload(client, form(pdf, `Upload ${i}`));
      expect(res.statusCode, `upload ${i}: ${res.body}`).toBe(201);
    }
    const limited = await upload(client, form(pdf, 'Upload 4'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(messages.rateLimited);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(await t.db.select().from(documents)).toHaveLength(3);

    const other = await member('bob', '10.2.0.2');
    expect((await upload(other, form(pdf, 'From elsewhere'))).statusCode).toBe(201);
  });

  it('counts refused uploads too', async () => {
    const client = await member('anna', '10.3.0.1');
    const fd = () => {
      const f = new FormData();
      f.append('description', 'No file');
      return f;
    };
    for (let i = 0; i < 3; i++) expect((await upload(client, fd())).statusCode).toBe(400);
    expect((await upload(client, form(await makePdf(1)))).statusCode).toBe(429);
  });
});
