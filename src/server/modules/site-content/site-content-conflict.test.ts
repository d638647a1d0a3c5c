import { describe, expect, it } from 'vitest';
import { loggedInClient, adminClient, type TestClient, useTestApp } from '../../testing/harness.js';
import { EDITS, fileOf } from './site-content.testing.js';

// Two administrators never overwrite each other's edits (docs/site-content.md, "Two at once").
const t = useTestApp({}, { pricing: undefined, agreement: undefined });

const url = '/api/admin/content/facility';

/** PUT or POST with an If-Match header (none when `ifMatch` is undefined). */
const send = (
  client: TestClient,
  method: 'PUT' | 'POST',
  path: string,
  payload: unknown,
  ifMatch?: string,
) =>
  client.request({
    method,
    url: path,
    payload: payload as string,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

const history = async (client: TestClient) =>
  (await client.get(`${url}/history`)).json() as { version: number; changedBy: string | null }[];

/** Two administrators; `grace` has published version 2 of the house after version 1. */
async function graceEditedFirst() {
  const { client: admin } = await adminClient(t);
  const { client: grace } = await loggedInClient(t, {
    username: 'grace',
    role: 'Administrator',
  });
  const opened = await admin.get(url);
  expect(opened.headers.etag).toBe('"1"');
  const theirs = { ...fileOf('facility'), name: 'Grace House' };
  const put = await send(grace, 'PUT', url, theirs, '"1"');
  expect(put.statusCode, put.body).toBe(200);
  expect(put.headers.etag).toBe('"2"');
  return { admin, grace, theirs, staleTag: opened.headers.etag as string };
}

/** The 412 of an edit of version 1 while grace's version 2 is current; nothing changed. */
async function refusedAsStale(res: Awaited<ReturnType<typeof send>>, admin: TestClient) {
  expect(res.statusCode, res.body).toBe(412);
  const body = res.json();
  expect(body).toEqual({
    code: 'content_changed',
    message: expect.stringContaining('Version 2 of the house was published by grace'),
    version: 2,
    changedBy: 'grace',
    changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(new Date(body.changedAt).getTime()).toBeLessThanOrEqual(Date.now());
  expect(res.headers.etag).toBeUndefined();
  expect((await history(admin)).map((v) => v.version)).toEqual([2, 1]);
  const now = await admin.get(url);
  expect(now.json().name).toBe('Grace House');
  expect(now.headers.etag).toBe('"2"');
}

describe('an edit names the version it was made from (If-Match)', () => {
  it('GET answers the version as its ETag; a PUT of the current version applies and answers the next', async () => {
    const { client } = await adminClient(t);
    const first = await client.get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"1"');
    const edited = EDITS.facility.edit(first.json());
    const put = await send(client, 'PUT', url, edited, first.headers.etag as string);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(edited);
    expect(put.headers.etag).toBe('"2"');
    const again = await client.get(url);
    expect(again.json()).toEqual(edited);
    expect(again.headers.etag).toBe('"2"');
    // A list of tags applies when one is current, and so does `*`.
    expect((await send(client, 'PUT', url, fileOf('facility'), '"7", "2"')).statusCode).toBe(200);
    const any = await send(client, 'PUT', url, edited, '*');
    expect(any.statusCode, any.body).toBe(200);
    expect(any.headers.etag).toBe('"4"');
    // The public API shows it at once.
    expect((await client.get('/api/facility/info')).json().name).toBe(edited.name);
  });

  it('a PUT of an older version answers 412 content_changed with who published the current one, and changes nothing', async () => {
    const { admin, staleTag } = await graceEditedFirst();
    const mine = { ...fileOf('facility'), name: 'Admin House' };
    await refusedAsStale(await send(admin, 'PUT', url, mine, staleTag), admin);
    // A weak tag, a tag that is no version, or one not yet published never match.
    for (const tag of ['W/"2"', '"house"', '"3"', 'garbage'])
      expect((await send(admin, 'PUT', url, mine, tag)).statusCode, tag).toBe(412);
    // Checked before the body: a stale draft with problems is told of the change first.
    const broken = EDITS.facility.broken(fileOf('facility'));
    await refusedAsStale(await send(admin, 'PUT', url, broken, staleTag), admin);
  });

  it('a revert from an older version answers 412 and changes nothing; from the current one it applies', async () => {
    const { admin } = await graceEditedFirst();
    await refusedAsStale(await send(admin, 'POST', `${url}/revert`, { version: 1 }, '"1"'), admin);
    const revert = await send(admin, 'POST', `${url}/revert`, { version: 1 }, '"2"');
    expect(revert.statusCode, revert.body).toBe(200);
    expect(revert.json()).toEqual(fileOf('facility'));
    expect(revert.headers.etag).toBe('"3"');
    expect((await admin.get(url)).headers.etag).toBe('"3"');
    expect((await history(admin)).map((v) => [v.version, v.changedBy])).toEqual([
      [3, 'admin'],
      [2, 'grace'],
      [1, null],
    ]);
  });

  it('without If-Match an edit and a revert apply as before', async () => {
    const { admin } = await graceEditedFirst();
    const mine = { ...fileOf('facility'), name: 'Admin House' };
    const put = await send(admin, 'PUT', url, mine);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers.etag).toBe('"3"');
    const revert = await send(admin, 'POST', `${url}/revert`, { version: 2 });
    expect(revert.statusCode, revert.body).toBe(200);
    expect(revert.headers.etag).toBe('"4"');
    expect((await admin.get(url)).json().name).toBe('Grace House');
  });

  it('two edits of the same version at once: one is published, the other answers 412', async () => {
    const { client: admin } = await adminClient(t);
    const { client: grace } = await loggedInClient(t, {
      username: 'grace',
      role: 'Administrator',
    });
    for (let round = 1; round <= 3; round++) {
      const tag = `"${round}"`;
      const answers = await Promise.all([
        send(admin, 'PUT', url, { ...fileOf('facility'), name: `Admin House ${round}` }, tag),
        send(grace, 'POST', `${url}/revert`, { version: 1 }, tag),
      ]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([200, 412]);
      const won = answers.find((res) => res.statusCode === 200)!;
      const lost = answers.find((res) => res.statusCode === 412)!;
      expect(won.headers.etag).toBe(`"${round + 1}"`);
      expect(lost.json()).toMatchObject({ code: 'content_changed', version: round + 1 });
      const versions = (await history(admin)).map((v) => v.version);
      expect(versions).toEqual(Array.from({ length: round + 1 }, (_, i) => round + 1 - i));
      expect((await admin.get(url)).json()).toEqual(
        won === answers[0]
          ? { ...fileOf('facility'), name: `Admin House ${round}` }
          : fileOf('facility'),
      );
    }
    // And two PUTs of one version, the same kind of request from both.
    const both = await Promise.all(
      ['A', 'B'].map((who, i) =>
        send(
          [admin, grace][i]!,
          'PUT',
          url,
          { ...fileOf('facility'), name: `House ${who}` },
          '"4"',
        ),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 412]);
    expect((await history(admin)).map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
  });
});
