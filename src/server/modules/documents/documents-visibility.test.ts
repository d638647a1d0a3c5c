// Who sees a document: the members of its church only, an administrator all of
// them; another church's document answers exactly like a missing one.
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import {
  TestClient,
  adminClient,
  loggedInClient,
  memberWithAccount,
} from '../../testing/harness.js';
import { uploadPdf, type Doc, useDocumentsApp } from './documents.testing.js';

const { t, fetchFile, storedRows } = useDocumentsApp();

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
