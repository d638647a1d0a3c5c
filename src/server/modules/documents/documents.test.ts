import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { documents } from '../../db/schema.js';
import { getOrCreateSecret } from '../../secrets.js';
import {
  TestClient,
  adminClient,
  createAccount,
  loggedInClient,
  memberWithAccount,
  useTestApp,
} from '../../testing/harness.js';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

/** A real one-page PDF, made by pdf-lib. */
async function makePdf(text = 'Hello from the test'): Promise<Buffer> {
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

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5e3d6c50000000049454e44ae426082',
  'hex',
);

function uploadForm(
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

type Part =
  | { name: string; value: string }
  | { name: string; filenameParam: string; content: Buffer; type?: string };

/** A multipart body written by hand, so the filename parameter is exactly what a test says. */
function rawMultipart(parts: Part[]) {
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

const upload = (client: TestClient, form: FormData) =>
  client.postForm('/api/documents/upload', form);

interface Doc {
  id: number;
  accountId: number;
  fileName: string;
  description: string;
  fileSize: number;
  createdAt: string;
  uploader: { username: string } | null;
  reservationId: number | null;
}

async function uploadPdf(
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

/** RFC 8187 ext-value: only attr-chars and %XX escapes after UTF-8''. */
const EXT_VALUE = /^UTF-8''((?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*)$/;

/** Parses a Content-Disposition strictly (RFC 6266 / 8187) and returns its parts. */
function parseDisposition(header: string) {
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

describe('POST /api/documents/upload', () => {
  it('stores a real PDF and answers 201 {message, document}', async () => {
    const { client, user, account } = await memberWithAccount(t, 'anna');
    const bytes = await makePdf();
    const res = await upload(
      client,
      uploadForm({ bytes, name: 'minutes.pdf' }, { description: '  Board minutes  ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { message: string; document: Doc };
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.document).toEqual({
      id: expect.any(Number),
      kind: 'upload',
      accountId: account.id,
      fileName: 'minutes.pdf',
      description: 'Board minutes',
      fileSize: bytes.length,
      createdAt: expect.any(String),
      uploader: { username: 'anna' },
      reservationId: null,
    });
    expect(new Date(body.document.createdAt).toISOString()).toBe(body.document.createdAt);
    expect(Math.abs(Date.parse(body.document.createdAt) - Date.now())).toBeLessThan(60_000);

    // Bytes and metadata live in the same row: the content is exactly fileSize bytes.
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      id: body.document.id,
      accountId: account.id,
      uploadedBy: user.id,
      fileSize: bytes.length,
      contentType: 'application/pdf',
    });
    expect(Buffer.from(row.content).length).toBe(row.fileSize);
    expect(Buffer.from(row.content).equals(bytes)).toBe(true);

    // The list shows it.
    const list = await client.get('/api/documents');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([body.document]);
  });

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

  it('accepts a PDF by its content whatever its name and declared type', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const bytes = await makePdf();
    const res = await upload(
      client,
      uploadForm(
        { bytes, name: 'scan', type: 'application/octet-stream' },
        { description: 'Scan' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().document.fileName).toBe('scan.pdf');
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

  it('needs a login (401) and the CSRF header (403)', async () => {
    const bytes = await makePdf();
    const anonymous = await upload(
      new TestClient(t.app),
      uploadForm({ bytes, name: 'a.pdf' }, { description: 'x' }),
    );
    expect(anonymous.statusCode).toBe(401);

    const account = await createAccount(t.db, 'Church');
    await loggedInClient(t, { username: 'anna', accountId: account.id });
    const noCsrf = new TestClient(t.app, { csrf: false });
    await noCsrf.get('/api/auth/status');
    const login = await noCsrf.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'anna', password: 'secret123' },
      headers: { 'x-xsrf-token': noCsrf.cookies.get('XSRF-TOKEN')! },
    });
    expect(login.statusCode).toBe(200);
    const forged = await upload(noCsrf, uploadForm({ bytes, name: 'a.pdf' }, { description: 'x' }));
    expect(forged.statusCode).toBe(403);
    expect(await storedRows()).toHaveLength(0);
  });

  it('an administrator must name the account; a member without an account gets 400', async () => {
    const { client: admin } = await adminClient(t);
    const target = await createAccount(t.db, 'Target church');
    const bytes = await makePdf();
    for (const fields of [
      { description: 'For them' },
      { description: 'For them', accountId: 'abc' },
      { description: 'For them', accountId: '0' },
    ] as Record<string, string>[]) {
      const res = await upload(admin, uploadForm({ bytes, name: 'a.pdf' }, fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const missing = await upload(
      admin,
      uploadForm({ bytes, name: 'a.pdf' }, { description: 'For them', accountId: '999999' }),
    );
    expect(missing.statusCode).toBe(404);
    expect(await storedRows()).toHaveLength(0);

    const ok = await upload(
      admin,
      uploadForm(
        { bytes, name: 'a.pdf' },
        { description: 'For them', accountId: String(target.id) },
      ),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().document).toMatchObject({
      accountId: target.id,
      uploader: { username: 'admin' },
    });

    const { client: loner } = await loggedInClient(t, { username: 'loner', accountId: null });
    const noAccount = await upload(
      loner,
      uploadForm({ bytes, name: 'a.pdf' }, { description: 'Mine' }),
    );
    expect(noAccount.statusCode).toBe(400);
    expect(typeof noAccount.json().message).toBe('string');
    // A member cannot choose another account by sending accountId.
    const { client: anna, account } = await memberWithAccount(t, 'anna');
    const sneaky = await upload(
      anna,
      uploadForm({ bytes, name: 'a.pdf' }, { description: 'Sneaky', accountId: String(target.id) }),
    );
    expect(sneaky.statusCode).toBe(201);
    expect(sneaky.json().document.accountId).toBe(account.id);
    expect(await storedRows()).toHaveLength(2);
  });
});

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

describe('visibility', () => {
  it('a member of another account cannot list, download or delete a document (404)', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { client: b } = await memberWithAccount(t, 'bob');
    const { doc } = await uploadPdf(a, 'a.pdf', 'Secret of A');
    const { doc: docB } = await uploadPdf(b, 'b.pdf', 'Of B');

    const listB = (await b.get('/api/documents')).json() as Doc[];
    expect(listB.map((d) => d.id)).toEqual([docB.id]);
    expect(JSON.stringify(listB)).not.toContain('Secret of A');

    const download = await b.get(`/api/documents/${doc.id}/download`);
    expect(download.statusCode).toBe(404);
    expect(download.json().message).toBeTruthy();
    const inline = await b.get(`/api/documents/${doc.id}/download?disposition=inline`);
    expect(inline.statusCode).toBe(404);
    const del = await b.delete(`/api/documents/${doc.id}`);
    expect(del.statusCode).toBe(404);
    // Another account's document answers exactly like a missing one.
    const missing = await b.get('/api/documents/999999/download');
    expect(missing.statusCode).toBe(404);
    expect(download.json()).toEqual(missing.json());
    expect((await b.delete('/api/documents/999999')).json()).toEqual(del.json());

    // A's document is untouched.
    expect(((await a.get('/api/documents')).json() as Doc[]).map((d) => d.id)).toEqual([doc.id]);
    expect(await storedRows()).toHaveLength(2);
  });

  it('a member without an account sees an empty list and no documents', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { doc } = await uploadPdf(a);
    const { client: loner } = await loggedInClient(t, { username: 'loner', accountId: null });
    const list = await loner.get('/api/documents');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    expect((await loner.get(`/api/documents/${doc.id}/download`)).statusCode).toBe(404);
    expect((await loner.delete(`/api/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it('a member may not name an account with ?accountId= (403 admin_required), not even their own', async () => {
    const { client: a, account: accountA } = await memberWithAccount(t, 'anna');
    const { client: b, account: accountB } = await memberWithAccount(t, 'bob');
    await uploadPdf(a);
    const { doc: docB } = await uploadPdf(b);
    for (const id of [accountA.id, accountB.id]) {
      const res = await b.get(`/api/documents?accountId=${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'admin_required', message: messages.adminRequired });
      expect(res.body).not.toContain('minutes.pdf');
    }
    // Without it, their own account as always.
    const own = await b.get('/api/documents');
    expect((own.json() as Doc[]).map((d) => d.id)).toEqual([docB.id]);
  });

  it('an administrator sees all, filters by ?accountId=, downloads and deletes any', async () => {
    const { client: admin } = await adminClient(t);
    const { client: a, account: accountA } = await memberWithAccount(t, 'anna');
    const { client: b, account: accountB } = await memberWithAccount(t, 'bob');
    const { doc: a1 } = await uploadPdf(a, 'a1.pdf');
    const { doc: b1, bytes: bBytes } = await uploadPdf(b, 'b1.pdf');
    const { doc: a2 } = await uploadPdf(a, 'a2.pdf');

    const all = (await admin.get('/api/documents')).json() as Doc[];
    expect(all.map((d) => d.id).sort()).toEqual([a1.id, b1.id, a2.id].sort());
    // Newest first.
    expect(all[0]!.id).toBe(a2.id);
    const onlyA = (await admin.get(`/api/documents?accountId=${accountA.id}`)).json() as Doc[];
    expect(onlyA.map((d) => d.id).sort()).toEqual([a1.id, a2.id].sort());
    expect(onlyA.every((d) => d.accountId === accountA.id)).toBe(true);
    const onlyB = (await admin.get(`/api/documents?accountId=${accountB.id}`)).json() as Doc[];
    expect(onlyB.map((d) => d.id)).toEqual([b1.id]);
    expect((await admin.get('/api/documents?accountId=999999')).json()).toEqual([]);
    expect((await admin.get('/api/documents?accountId=abc')).statusCode).toBe(400);

    const { file } = await fetchFile(admin, b1.id);
    expect(Buffer.from(file.rawPayload).equals(bBytes)).toBe(true);
    expect((await admin.delete(`/api/documents/${b1.id}`)).statusCode).toBe(200);
    expect((await b.get('/api/documents')).json()).toEqual([]);
  });

  it('unauthenticated calls answer 401', async () => {
    const { client: a } = await memberWithAccount(t, 'anna');
    const { doc } = await uploadPdf(a);
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/documents')).statusCode).toBe(401);
    expect((await anon.get(`/api/documents/${doc.id}/download`)).statusCode).toBe(401);
    expect((await anon.delete(`/api/documents/${doc.id}`)).statusCode).toBe(401);
    expect(await storedRows()).toHaveLength(1);
  });

  it('answers 400 to an id that is not a positive integer', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999']) {
      expect((await client.get(`/api/documents/${id}/download`)).statusCode, id).toBe(400);
      expect((await client.delete(`/api/documents/${id}`)).statusCode, id).toBe(400);
    }
  });
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
