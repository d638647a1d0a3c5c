import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { accountEvents, documents } from '../../db/schema.js';
import { TestClient, adminClient, memberWithAccount, useTestApp } from '../../testing/harness.js';

const t = useTestApp();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function form(fields: Record<string, string>, name = 'house-rules.pdf') {
  const fd = new FormData();
  fd.append('documentFile', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), name);
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const upload = (client: TestClient, query: string, fields: Record<string, string>) =>
  client.request({
    method: 'POST',
    url: `/api/documents/upload${query}`,
    payload: form(fields) as unknown as string,
  });

interface Doc {
  id: number;
  accountId: number;
  fileName: string;
  uploader: { username: string } | null;
}

/** The bytes behind the signed link the download route gives `client`. */
async function download(client: TestClient, id: number) {
  const res = await client.get(`/api/documents/${id}/download`);
  if (res.statusCode !== 200) return { status: res.statusCode, bytes: null };
  const file = await t.app.inject({ method: 'GET', url: res.json().downloadUrl });
  return { status: res.statusCode, bytes: Buffer.from(file.rawPayload) };
}

describe('an administrator uploads for a church (POST /api/documents/upload?accountId=)', () => {
  it("stores it in that church, whose members list and download it; another church's member gets 404", async () => {
    const { client: admin, user: adminUser } = await adminClient(t);
    const { client: anna, account: annaChurch } = await memberWithAccount(t, 'anna');
    const { client: bob } = await memberWithAccount(t, 'bob');

    const res = await upload(admin, `?accountId=${annaChurch.id}`, { description: 'House rules' });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().document as Doc;
    expect(doc).toMatchObject({
      accountId: annaChurch.id,
      fileName: 'house-rules.pdf',
      uploader: { username: 'admin' },
    });

    // The church's member sees it and downloads the very bytes.
    const listed = (await anna.get('/api/documents')).json() as Doc[];
    expect(listed.map((d) => d.id)).toEqual([doc.id]);
    const annaFile = await download(anna, doc.id);
    expect(annaFile.status).toBe(200);
    expect(annaFile.bytes!.equals(PDF)).toBe(true);

    // Another church's member neither lists nor downloads it.
    expect((await bob.get('/api/documents')).json()).toEqual([]);
    expect((await download(bob, doc.id)).status).toBe(404);

    // The admin lists it with the church's filter, and the church's history records it.
    const forChurch = (
      await admin.get(`/api/documents?accountId=${annaChurch.id}`)
    ).json() as Doc[];
    expect(forChurch.map((d) => d.id)).toEqual([doc.id]);
    const events = await t.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.accountId, annaChurch.id));
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'document_uploaded',
        userId: adminUser.id,
        documentId: doc.id,
      }),
    ]);
  });

  it('an administrator downloads any church’s document, uploaded by its member', async () => {
    const { client: admin } = await adminClient(t);
    const { client: anna } = await memberWithAccount(t, 'anna');
    const res = await upload(anna, '', { description: 'Minutes' });
    expect(res.statusCode).toBe(201);
    const file = await download(admin, (res.json().document as Doc).id);
    expect(file.status).toBe(200);
    expect(file.bytes!.equals(PDF)).toBe(true);
  });

  it('the form’s accountId still works; the address and the form must not disagree', async () => {
    const { client: admin } = await adminClient(t);
    const { account: a } = await memberWithAccount(t, 'anna');
    const { account: b } = await memberWithAccount(t, 'bob');
    const viaForm = await upload(admin, '', { description: 'Form', accountId: String(a.id) });
    expect(viaForm.statusCode).toBe(201);
    expect(viaForm.json().document.accountId).toBe(a.id);
    const both = await upload(admin, `?accountId=${a.id}`, {
      description: 'Both',
      accountId: String(a.id),
    });
    expect(both.statusCode).toBe(201);
    const disagree = await upload(admin, `?accountId=${a.id}`, {
      description: 'Mixed',
      accountId: String(b.id),
    });
    expect(disagree.statusCode).toBe(400);
    expect(await t.db.select({ id: documents.id }).from(documents)).toHaveLength(2);
  });

  it('answers 404 for an unknown church and 400 when none is named; nothing is stored', async () => {
    const { client: admin } = await adminClient(t);
    const unknown = await upload(admin, '?accountId=999999', { description: 'Lost' });
    expect(unknown.statusCode).toBe(404);
    const none = await upload(admin, '', { description: 'Nowhere' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('account_missing');
    expect((await upload(admin, '?accountId=abc', { description: 'x' })).statusCode).toBe(400);
    expect(await t.db.select({ id: documents.id }).from(documents)).toHaveLength(0);
    expect(await t.db.select({ id: accountEvents.id }).from(accountEvents)).toHaveLength(0);
  });

  it('a member naming a church in the address gets 403 admin_required, even their own; nothing is stored', async () => {
    const { client: anna, account: own } = await memberWithAccount(t, 'anna');
    const { account: other } = await memberWithAccount(t, 'bob');
    for (const id of [own.id, other.id]) {
      const res = await upload(anna, `?accountId=${id}`, { description: 'Sneaky' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'admin_required', message: messages.adminRequired });
    }
    expect(await t.db.select({ id: documents.id }).from(documents)).toHaveLength(0);
  });
});
