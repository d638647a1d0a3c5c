// Downloading and deleting a document: a signed link, valid for five minutes, serves
// the exact bytes without a session; a tampered or expired link is refused.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documents } from '../../db/schema.js';
import { getOrCreateSecret } from '../../secrets.js';
import { memberWithAccount } from '../../testing/harness.js';
import { parseDisposition, uploadPdf, useDocumentsApp } from './documents.testing.js';

const { t, fetchFile } = useDocumentsApp();

afterEach(() => {
  vi.useRealTimers();
});

describe('download', () => {
  it('gives a signed link that serves the exact bytes as an attachment, without a session', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { doc, bytes } = await uploadPdf(client, 'minutes.pdf');
    const res = await client.get(`/api/documents/${doc.id}/download`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { downloadUrl: string; fileName: string };
    expect(Object.keys(body).sort()).toEqual(['downloadUrl', 'fileName']);
    expect(body.fileName).toBe('minutes.pdf');
    const url = new URL(body.downloadUrl, 'http://site.test');
    expect(url.searchParams.get('sig')).toBeTruthy();
    expect(Number(url.searchParams.get('exp'))).toBeGreaterThan(Date.now() / 1000);
    expect(Number(url.searchParams.get('exp'))).toBeLessThanOrEqual(Date.now() / 1000 + 5 * 60 + 1);

    const file = await t.app.inject({ method: 'GET', url: body.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const disposition = parseDisposition(String(file.headers['content-disposition']));
    expect(disposition).toEqual({ kind: 'attachment', ascii: 'minutes.pdf', utf8: 'minutes.pdf' });
    expect(Buffer.from(file.rawPayload).equals(bytes)).toBe(true);
    expect(Number(file.headers['content-length'])).toBe(bytes.length);
  });

  it('?disposition=inline gives an inline disposition; anything else is 400', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { doc, bytes } = await uploadPdf(client, 'receipt.pdf');
    const { downloadUrl, file } = await fetchFile(client, doc.id, 'inline');
    expect(downloadUrl).toContain('disposition=inline');
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/^inline; /);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(file.rawPayload).equals(bytes)).toBe(true);
    expect(
      (await client.get(`/api/documents/${doc.id}/download?disposition=evil`)).statusCode,
    ).toBe(400);
  });

  it('refuses a tampered link with 400', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { doc } = await uploadPdf(client, 'a.pdf');
    const { doc: other } = await uploadPdf(client, 'b.pdf');
    const { downloadUrl } = (await client.get(`/api/documents/${doc.id}/download`)).json() as {
      downloadUrl: string;
    };
    const url = new URL(downloadUrl, 'http://site.test');
    const sig = url.searchParams.get('sig')!;
    const exp = Number(url.searchParams.get('exp'));
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const variants: Record<string, string> = {
      'changed sig': `/api/documents/${doc.id}/file?exp=${exp}&disposition=attachment&sig=${flipped}`,
      'short sig': `/api/documents/${doc.id}/file?exp=${exp}&disposition=attachment&sig=${sig.slice(0, 10)}`,
      'no sig': `/api/documents/${doc.id}/file?exp=${exp}&disposition=attachment`,
      'empty sig': `/api/documents/${doc.id}/file?exp=${exp}&disposition=attachment&sig=`,
      'other id': `/api/documents/${other.id}/file?exp=${exp}&disposition=attachment&sig=${sig}`,
      'later exp': `/api/documents/${doc.id}/file?exp=${exp + 3600}&disposition=attachment&sig=${sig}`,
      'no exp': `/api/documents/${doc.id}/file?disposition=attachment&sig=${sig}`,
      'other disposition': `/api/documents/${doc.id}/file?exp=${exp}&disposition=inline&sig=${sig}`,
      'bad disposition': `/api/documents/${doc.id}/file?exp=${exp}&disposition=evil&sig=${sig}`,
    };
    for (const [label, bad] of Object.entries(variants)) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, label).toBe(400);
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      expect(typeof res.json().message, label).toBe('string');
    }
    // The untouched link still works.
    expect((await t.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
  });

  it('refuses a link after 5 minutes (400)', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { doc } = await uploadPdf(client);
    const { downloadUrl } = (await client.get(`/api/documents/${doc.id}/download`)).json() as {
      downloadUrl: string;
    };
    expect((await t.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 4 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    const expired = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/i);
  });

  it('refuses a correctly signed link whose exp is in the past (400)', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { doc } = await uploadPdf(client);
    const key = await getOrCreateSecret(t.db, 'download-url');
    const sign = (exp: number, disposition: string) =>
      createHmac('sha256', key).update(`${doc.id}.${exp}.${disposition}`).digest('base64url');
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${doc.id}/file?exp=${past}&disposition=attachment&sig=${sign(past, 'attachment')}`,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/i);
    // The same signing, with a future exp, is accepted: the refusal above was about time alone.
    const future = Math.floor(Date.now() / 1000) + 60;
    const fine = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${doc.id}/file?exp=${future}&disposition=attachment&sig=${sign(future, 'attachment')}`,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('delete answers {message}, then the document, its download and its old link answer 404', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { doc } = await uploadPdf(client);
    const { downloadUrl } = (await client.get(`/api/documents/${doc.id}/download`)).json() as {
      downloadUrl: string;
    };
    const del = await client.delete(`/api/documents/${doc.id}`);
    expect(del.statusCode).toBe(200);
    expect(Object.keys(del.json())).toEqual(['message']);
    expect(typeof del.json().message).toBe('string');
    expect((await client.get(`/api/documents/${doc.id}/download`)).statusCode).toBe(404);
    expect((await client.delete(`/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(404);
    expect((await client.get('/api/documents')).json()).toEqual([]);
    expect(await t.db.select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(0);
  });
});
