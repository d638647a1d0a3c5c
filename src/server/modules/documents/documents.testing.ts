// The documents tests' setup: real PDFs, upload forms and hand-written multipart
// bodies, and the signed download links with the Content-Disposition they serve.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import { documents } from '../../db/schema.js';
import { useTestApp, type TestClient } from '../../testing/harness.js';

/** A real one-page PDF, made by pdf-lib. */
export async function makePdf(text = 'Hello from the test'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText(text, {
    x: 20,
    y: 100,
    size: 12,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await pdf.save());
}

export function uploadForm(
  file: { bytes: Buffer; name: string; type?: string } | null,
  fields: Record<string, string>,
) {
  const fd = new FormData();
  if (file)
    fd.append(
      'documentFile',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

export type Part =
  | { name: string; value: string }
  | { name: string; filenameParam: string; content: Buffer; type?: string };

/** A multipart body written by hand, so the filename parameter is exactly what a test says. */
export function rawMultipart(parts: Part[]) {
  const boundary = '----test-boundary-7d1f';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
          'utf8',
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; ${p.filenameParam}\r\nContent-Type: ${p.type ?? 'application/pdf'}\r\n\r\n`,
          'utf8',
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const upload = (client: TestClient, form: FormData) =>
  client.postForm('/api/documents/upload', form);

export interface Doc {
  id: number;
  accountId: number;
  fileName: string;
  description: string;
  fileSize: number;
  createdAt: string;
  uploader: { username: string } | null;
  reservationId: number | null;
}

export async function uploadPdf(
  client: TestClient,
  name = 'minutes.pdf',
  description = 'Board minutes',
  bytes?: Buffer,
) {
  const content = bytes ?? (await makePdf());
  const res = await upload(client, uploadForm({ bytes: content, name }, { description }));
  expect(res.statusCode, res.body).toBe(201);
  return { doc: (res.json() as { document: Doc }).document, bytes: content };
}

/** RFC 8187 ext-value: only attr-chars and %XX escapes after UTF-8''. */
export const EXT_VALUE = /^UTF-8''((?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*)$/;

/** Parses a Content-Disposition strictly (RFC 6266 / 8187) and returns its parts. */
export function parseDisposition(header: string) {
  // eslint-disable-next-line no-control-regex
  expect(header).not.toMatch(/[\u0000-\u001f\u007f-\uffff]/);
  const m =
    /^(inline|attachment); filename="((?:[\x20-\x21\x23-\x5b\x5d-\x7e])*)"; filename\*=(.*)$/.exec(
      header,
    );
  expect(m, header).not.toBeNull();
  const ext = EXT_VALUE.exec(m![3]!);
  expect(ext, `filename* is not a valid RFC 8187 ext-value: ${m![3]}`).not.toBeNull();
  return { kind: m![1]!, ascii: m![2]!, utf8: decodeURIComponent(ext![1]!) };
}

/** The app of the documents tests, with the files it serves and the rows it stores. */
export function useDocumentsApp() {
  const t = useTestApp();

  async function fetchFile(client: TestClient, id: number, disposition?: 'inline' | 'attachment') {
    const res = await client.get(
      `/api/documents/${id}/download${disposition ? `?disposition=${disposition}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { downloadUrl, fileName } = res.json() as { downloadUrl: string; fileName: string };
    // The link itself is the permission: no session, no cookies.
    const file = await t.app.inject({ method: 'GET', url: downloadUrl });
    return { downloadUrl, fileName, file };
  }

  const storedRows = () => t.db.select().from(documents);

  return { t, fetchFile, storedRows };
}
