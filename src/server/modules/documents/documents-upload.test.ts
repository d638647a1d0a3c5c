// Uploading a document (POST /api/documents/upload): a real PDF is stored with its
// metadata for the uploader's church; an administrator names the church; login and CSRF are needed.
import { describe, expect, it } from 'vitest';
import {
  TestClient,
  adminClient,
  createAccount,
  loggedInClient,
  memberWithAccount,
} from '../../testing/harness.js';
import { makePdf, upload, uploadForm, type Doc, useDocumentsApp } from './documents.testing.js';

const { t, storedRows } = useDocumentsApp();

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
