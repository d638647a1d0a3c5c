// The names of uploaded files: paths, control characters, quotes, unicode and line
// breaks are stored safely and served back in a safe Content-Disposition.
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { memberWithAccount } from '../../testing/harness.js';
import {
  makePdf,
  parseDisposition,
  rawMultipart,
  upload,
  uploadForm,
  type Doc,
  useDocumentsApp,
} from './documents.testing.js';

const { t, fetchFile, storedRows } = useDocumentsApp();

describe('file names', () => {
  const encode = (s: string) => encodeURIComponent(s);
  const cases: [string, string, (name: string) => void][] = [
    ['a relative path', 'filename="../../etc/passwd.pdf"', (n) => expect(n).toBe('passwd.pdf')],
    ['a Windows path', 'filename="..\\..\\Windows\\evil.pdf"', (n) => expect(n).toBe('evil.pdf')],
    [
      'an encoded path',
      `filename*=UTF-8''${encode('../../etc/passwd.pdf')}`,
      (n) => expect(n).toBe('passwd.pdf'),
    ],
    [
      'an escaped quote',
      'filename="say \\"hi\\".pdf"',
      (n) => expect(n).toMatch(/^say _hi_\.pdf$/),
    ],
    [
      'a NUL and a tab',
      `filename*=UTF-8''${encode('a\u0000b\tc.pdf')}`,
      (n) => expect(n).toBe('a_b_c.pdf'),
    ],
    [
      'a C1 control (8-bit CSI)',
      `filename*=UTF-8''${encode('red\u009b31m.pdf')}`,
      (n) => expect(n).toBe('red_31m.pdf'),
    ],
    [
      'a bidi override',
      `filename*=UTF-8''${encode('invoice\u202Egnp.pdf')}`,
      (n) => expect(n).toBe('invoice_gnp.pdf'),
    ],
    [
      'unicode (RFC 5987)',
      `filename*=UTF-8''${encode('Отчёт 2024 🎉.pdf')}`,
      (n) => expect(n).toBe('Отчёт 2024 🎉.pdf'),
    ],
    [
      'unicode as raw UTF-8, as browsers send it',
      'filename="Отчёт 2024 🎉.pdf"',
      (n) => expect(n).toBe('Отчёт 2024 🎉.pdf'),
    ],
    [
      'decomposed unicode',
      `filename*=UTF-8''${encode('Cafe\u0301.pdf')}`,
      (n) => expect(n).toBe('Café.pdf'),
    ],
    [
      'apostrophes and parentheses',
      `filename="John's report (final) *v2*.pdf"`,
      (n) => expect(n).toBe("John's report (final) _v2_.pdf"),
    ],
    ['no .pdf ending', 'filename="report"', (n) => expect(n).toBe('report.pdf')],
    ['leading dots', 'filename="...hidden.pdf"', (n) => expect(n).toBe('hidden.pdf')],
    [
      'a very long name',
      `filename="${'a'.repeat(400)}.pdf"`,
      (n) => expect(n.length).toBeLessThanOrEqual(180),
    ],
  ];

  it.each(cases)(
    'stores %s safely and serves a safe Content-Disposition',
    async (_label, filenameParam, check) => {
      const { client } = await memberWithAccount(t, 'anna');
      const bytes = await makePdf();
      const { payload, headers } = rawMultipart([
        { name: 'description', value: 'Named oddly' },
        { name: 'documentFile', filenameParam, content: bytes },
      ]);
      const res = await client.request({
        method: 'POST',
        url: '/api/documents/upload',
        headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const doc = (res.json() as { document: Doc }).document;
      const name = doc.fileName;
      expect(name).not.toMatch(/[/\\]/);
      expect(name).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
      expect(name).not.toMatch(/["<>|*?:]/);
      expect(name).toMatch(/\.pdf$/);
      expect(name.length).toBeLessThanOrEqual(180);
      expect(name.length).toBeGreaterThan(4);
      check(name);
      const [row] = await storedRows();
      expect(row!.fileName).toBe(name);

      for (const disposition of ['attachment', 'inline'] as const) {
        const { fileName, file } = await fetchFile(client, doc.id, disposition);
        expect(fileName).toBe(name);
        expect(file.statusCode).toBe(200);
        expect(
          Object.keys(file.headers).filter((h) => h.toLowerCase().startsWith('x-injected')),
        ).toEqual([]);
        const header = String(file.headers['content-disposition']);
        const parsed = parseDisposition(header);
        expect(parsed.kind).toBe(disposition);
        expect(parsed.utf8).toBe(name);
        expect(parsed.ascii.length).toBeGreaterThan(0);
        expect(Buffer.from(file.rawPayload).equals(bytes)).toBe(true);
      }
    },
  );
});

describe('file names with line breaks', () => {
  it('a name with newlines from a browser form (sent as %0A) is stored without control characters', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    // FormData escapes CR, LF and quotes in the name as %0D, %0A and %22, as browsers do.
    const res = await upload(
      client,
      uploadForm(
        { bytes: await makePdf(), name: 'evil\r\nX-Injected: 1 "q".pdf' },
        { description: 'x' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const name = (res.json() as { document: Doc }).document.fileName;
    expect(name).not.toMatch(/[\p{Cc}"/\\]/u);
    const { file } = await fetchFile(client, (res.json() as { document: Doc }).document.id);
    expect(file.headers['x-injected']).toBeUndefined();
    expect(parseDisposition(String(file.headers['content-disposition'])).utf8).toBe(name);
  });

  it('a part whose decoded name holds CR LF is refused (400) and nothing is stored', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { payload, headers } = rawMultipart([
      { name: 'description', value: 'Injected' },
      {
        name: 'documentFile',
        filenameParam: `filename*=UTF-8''${encodeURIComponent('evil\r\nX-Injected: 1.pdf')}`,
        content: await makePdf(),
      },
    ]);
    const res = await client.request({
      method: 'POST',
      url: '/api/documents/upload',
      headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.selectFileToUpload);
    expect(await storedRows()).toHaveLength(0);
  });
});
