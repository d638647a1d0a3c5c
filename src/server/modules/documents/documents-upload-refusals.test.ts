// Uploads the server refuses, storing nothing: a file that is not a PDF, no file,
// no or too long a description, and a body that is not (or not well-formed) multipart.
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { memberWithAccount } from '../../testing/harness.js';
import {
  makePdf,
  rawMultipart,
  upload,
  uploadForm,
  uploadPdf,
  useDocumentsApp,
} from './documents.testing.js';

const { t, storedRows } = useDocumentsApp();

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5e3d6c50000000049454e44ae426082',
  'hex',
);

describe('POST /api/documents/upload', () => {
  it('refuses a PNG renamed to .pdf with 415 and stores nothing', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    for (const type of ['application/pdf', 'image/png']) {
      const res = await upload(
        client,
        uploadForm({ bytes: PNG, name: 'x.pdf', type }, { description: 'Not a PDF' }),
      );
      expect(res.statusCode, type).toBe(415);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await storedRows()).toHaveLength(0);
  });

  it("answers 400 'Please select a file to upload.' without a file or with an empty one", async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const none = await upload(client, uploadForm(null, { description: 'Board minutes' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(messages.selectFileToUpload);
    expect(messages.selectFileToUpload).toBe('Please select a file to upload.');

    const empty = await upload(
      client,
      uploadForm({ bytes: Buffer.alloc(0), name: 'empty.pdf' }, { description: 'Empty' }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.selectFileToUpload);

    // A file under another field name is not the document.
    const fd = new FormData();
    fd.append(
      'otherFile',
      new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }),
      'a.pdf',
    );
    fd.append('description', 'Wrong field');
    const wrongField = await upload(client, fd);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(messages.selectFileToUpload);
    expect(await storedRows()).toHaveLength(0);
  });

  it("answers 400 'Please enter a description.' without or with a blank description", async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const bytes = await makePdf();
    for (const fields of [
      {},
      { description: '' },
      { description: '   ' },
      { description: '\n\t ' },
    ] as Record<string, string>[]) {
      const res = await upload(client, uploadForm({ bytes, name: 'a.pdf' }, fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe('Please enter a description.');
    }
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a description longer than 500 characters', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const bytes = await makePdf();
    const long = await upload(
      client,
      uploadForm({ bytes, name: 'a.pdf' }, { description: 'x'.repeat(501) }),
    );
    expect(long.statusCode).toBe(400);
    expect(typeof long.json().message).toBe('string');
    expect(await storedRows()).toHaveLength(0);
    await uploadPdf(client, 'a.pdf', 'x'.repeat(500), bytes);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const json = await client.post('/api/documents/upload', {
      documentFile: '%PDF-1.4',
      description: 'JSON',
    });
    expect(json.statusCode).toBe(415);
    expect(typeof json.json().message).toBe('string');
    const text = await client.request({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { 'content-type': 'text/plain' },
      payload: '%PDF-1.4 hello',
    });
    expect(text.statusCode).toBe(415);
    const pdf = await client.request({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { 'content-type': 'application/pdf' },
      payload: await makePdf(),
    });
    expect(pdf.statusCode).toBe(415);
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 400 to a malformed multipart body, never 5xx', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { payload, headers } = rawMultipart([
      { name: 'description', value: 'Cut' },
      { name: 'documentFile', filenameParam: 'filename="a.pdf"', content: await makePdf() },
    ]);
    const bodies: [string, Record<string, string>, Buffer][] = [
      ['cut off inside the file', headers, payload.subarray(0, payload.length - 40)],
      ['cut off inside the headers', headers, payload.subarray(0, 60)],
      ['no parts at all', headers, Buffer.from('just some bytes, no boundary')],
      [
        'a boundary that does not match',
        { 'content-type': 'multipart/form-data; boundary=other' },
        payload,
      ],
      ['no boundary parameter', { 'content-type': 'multipart/form-data' }, payload],
    ];
    for (const [label, h, body] of bodies) {
      const res = await client.request({
        method: 'POST',
        url: '/api/documents/upload',
        headers: h,
        payload: body,
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      expect(typeof res.json().message, label).toBe('string');
    }
    expect(await storedRows()).toHaveLength(0);
    // The app still works afterwards.
    await uploadPdf(client);
  });
});
