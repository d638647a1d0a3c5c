import { describe, expect, it } from 'vitest';
import { CONTENT_NAMES } from '../../../shared/site-content.js';
import { adminClient, memberWithAccount, TestClient, useTestApp } from '../../testing/harness.js';
import { EDITS, fileOf } from './site-content.testing.js';

// The house's own content: nothing pinned, so the database holds it (seeded from content/).
const t = useTestApp({}, { pricing: undefined, agreement: undefined });

describe('content edited by the staff', () => {
  it.each(CONTENT_NAMES)(
    '%s: read as its file, edited, listed in history, reverted',
    async (name) => {
      const { client } = await adminClient(t);
      const url = `/api/admin/content/${name}`;
      const first = await client.get(url);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual(fileOf(name));

      const edited = EDITS[name].edit(first.json());
      const put = await client.put(url, edited);
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual(edited);
      expect((await client.get(url)).json()).toEqual(edited);

      const history = (await client.get(`${url}/history`)).json();
      expect(history).toEqual([
        { version: 2, changedBy: 'admin', changedAt: expect.any(String) },
        { version: 1, changedBy: null, changedAt: expect.any(String) },
      ]);
      expect((await client.get(`${url}/versions/1`)).json()).toEqual(fileOf(name));

      const revert = await client.post(`${url}/revert`, { version: 1 });
      expect(revert.statusCode, revert.body).toBe(200);
      expect(revert.json()).toEqual(fileOf(name));
      expect((await client.get(url)).json()).toEqual(fileOf(name));
      const after = (await client.get(`${url}/history`)).json() as { version: number }[];
      expect(after.map((v) => v.version)).toEqual([3, 2, 1]);
    },
  );

  it.each(CONTENT_NAMES)(
    '%s: a broken edit lists every problem and changes nothing',
    async (name) => {
      const { client } = await adminClient(t);
      const url = `/api/admin/content/${name}`;
      const res = await client.put(url, EDITS[name].broken(fileOf(name)));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { code: string; issues: { path: string; message: string }[] };
      expect(body.code).toBe('validation_failed');
      for (const path of EDITS[name].paths)
        expect(
          body.issues.map((i) => i.path),
          JSON.stringify(body.issues),
        ).toContain(path);
      expect(body.issues.every((i) => i.message.length > 0)).toBe(true);
      // In the staff's words, as the Site area says them before publishing.
      if (name === 'facility')
        expect(body.issues).toContainEqual({ path: 'body.name', message: 'Fill this in.' });
      expect((await client.get(url)).json()).toEqual(fileOf(name));
      expect((await client.get(`${url}/history`)).json()).toHaveLength(1);
    },
  );

  it('refuses across kinds: ids twice, a highlight that is not a gallery picture, a picture never uploaded', async () => {
    const { client } = await adminClient(t);
    const gallery = fileOf('gallery');
    const album = gallery.albums[0];
    const twice = { albums: [album, { ...album, images: [{ ...album.images[0] }] }] };
    const dup = (await client.put('/api/admin/content/gallery', twice)).json();
    expect(dup.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['body.albums.1.id', 'body.albums.1.images.0.id']),
    );

    const pages = fileOf('pages');
    const highlights = ['nowhere', ...pages.home.highlights.slice(1)];
    const bad = await client.put('/api/admin/content/pages', {
      ...pages,
      home: { ...pages.home, highlights },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'body.home.highlights.0', message: '"nowhere" is not the id of a gallery picture' },
    ]);

    // The home page shows three gallery pictures: a gallery without them is refused.
    const without = {
      albums: [
        {
          ...album,
          images: album.images.filter((i: { id: string }) => !pages.home.highlights.includes(i.id)),
        },
      ],
    };
    const lost = await client.put('/api/admin/content/gallery', without);
    expect(lost.statusCode, lost.body).toBe(400);
    expect(lost.json().message).toMatch(/home page shows the picture/);

    const src = 'images/uploads/0123456789abcdef-1280.webp';
    const missing = {
      albums: [
        {
          ...album,
          images: [
            { ...album.images[0], src: 'images/gallery/none.svg' },
            ...album.images.slice(1),
          ],
        },
        ...gallery.albums.slice(1),
      ],
    };
    const res = await client.put('/api/admin/content/gallery', missing);
    expect(res.json().issues).toEqual([
      {
        path: 'body.albums.0.images.0.src',
        message: 'no picture images/gallery/none.svg: upload it first',
      },
    ]);
    const level = fileOf('floor-plans');
    level.levels[0].image = src;
    const plan = await client.put('/api/admin/content/floor-plans', level);
    expect(plan.json().issues).toEqual([
      { path: 'body.levels.0.image', message: `no picture ${src}: upload it first` },
    ]);
    for (const name of ['gallery', 'pages', 'floor-plans'])
      expect((await client.get(`/api/admin/content/${name}/history`)).json()).toHaveLength(1);
  });

  it('keeps the shipped due days in order, and refuses an edit that asks for the balance before the final count', async () => {
    const { client } = await adminClient(t);
    const pricing = fileOf('pricing');
    expect(pricing.group.finalCountDueDaysBeforeStart).toBeGreaterThanOrEqual(
      pricing.group.balanceDueDaysBeforeStart,
    );
    const reversed = {
      ...pricing,
      group: { ...pricing.group, balanceDueDaysBeforeStart: 14, finalCountDueDaysBeforeStart: 10 },
    };
    const res = await client.put('/api/admin/content/pricing', reversed);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toEqual([
      {
        path: 'body.group.finalCountDueDaysBeforeStart',
        message:
          'the final count would be due 10 days before arrival, after the balance (14 days before): ask for the final count first, so that the balance follows the final count',
      },
    ]);
    const sameDay = {
      ...pricing,
      group: { ...pricing.group, balanceDueDaysBeforeStart: 14, finalCountDueDaysBeforeStart: 14 },
    };
    expect((await client.put('/api/admin/content/pricing', sameDay)).statusCode).toBe(200);
    expect((await client.get('/api/admin/content/pricing/history')).json()).toHaveLength(2);
  });

  it('answers 404 for an unknown version and 400 for an unknown kind', async () => {
    const { client } = await adminClient(t);
    expect((await client.get('/api/admin/content/pricing/versions/9')).statusCode).toBe(404);
    expect(
      (await client.post('/api/admin/content/pricing/revert', { version: 9 })).statusCode,
    ).toBe(404);
    const unknown = await client.get('/api/admin/content/secrets');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_failed');
  });

  it('is for administrators only: a member gets 403, a visitor 401, and nothing changes', async () => {
    const { client: member } = await memberWithAccount(t, 'grace');
    const visitor = new TestClient(t.app);
    const edit = EDITS.facility.edit(fileOf('facility'));
    for (const [client, status] of [
      [member, 403],
      [visitor, 401],
    ] as const) {
      expect((await client.get('/api/admin/content/facility')).statusCode).toBe(status);
      expect((await client.put('/api/admin/content/facility', edit)).statusCode).toBe(status);
      expect((await client.get('/api/admin/content/facility/history')).statusCode).toBe(status);
      expect(
        (await client.post('/api/admin/content/facility/revert', { version: 1 })).statusCode,
      ).toBe(status);
    }
    const { client } = await adminClient(t);
    expect((await client.get('/api/admin/content/facility/history')).json()).toHaveLength(1);
    expect((await visitor.get('/api/facility/info')).json().name).toBe(fileOf('facility').name);
  });
});
