/**
 * The access-control matrix's rows for the content edited by the staff
 * (docs/site-content.md): uploads for administrators only, pictures for all.
 */
import { expect } from 'vitest';
import { contentImages, contentVersions } from '../db/schema.js';
import { resetDatabase, type TestContext } from './harness.js';
import { PDF, TINY_PNG } from './access-matrix-fixtures.js';
import { adminOnly, everyone, type Row } from './access-matrix-table.js';

/** The upload form: the file under `image`, named and typed as a JPEG whatever it is. */
function imageForm(bytes: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return form as unknown as string;
}

/** The house's name, changed by an administrator only. */
const renamed = {
  name: 'Renamed House',
  description: 'A house.',
  address: { street: '', city: '', region: '', postalCode: '', country: '' },
  map: { latitude: 0, longitude: 0, span: 0.01 },
};

/**
 * Empties the database like resetDatabase, then puts back the house's content
 * as the app seeded it (its store keeps it in memory), and has the app read it.
 */
export function contentKeeper(t: TestContext) {
  let saved: Omit<typeof contentVersions.$inferSelect, 'id'>[] | undefined;
  return async () => {
    saved ??= (await t.db.select().from(contentVersions)).map(({ id: _id, ...row }) => row);
    await resetDatabase(t.db);
    await t.db.insert(contentVersions).values(saved);
    await t.app.contentStore?.refresh();
  };
}

export function contentRows(t: TestContext): Row[] {
  const stored = () => t.db.select({ path: contentImages.path }).from(contentImages);
  const versions = () =>
    t.db
      .select({ name: contentVersions.name, version: contentVersions.version })
      .from(contentVersions)
      .orderBy(contentVersions.name, contentVersions.version);
  const onlySeeded = async () =>
    expect((await versions()).every((v) => v.version === 1)).toBe(true);
  return [
    {
      route: 'GET /api/admin/content/:name',
      variant: 'the rates',
      call: () => ({ method: 'GET', url: '/api/admin/content/pricing' }),
      expect: adminOnly(200),
    },
    {
      route: 'PUT /api/admin/content/:name',
      variant: "the house's name",
      call: () => ({ method: 'PUT', url: '/api/admin/content/facility', payload: renamed }),
      expect: adminOnly(200),
      check: async ({ res }) => {
        const facility = (await versions()).filter((v) => v.name === 'facility');
        expect(facility).toHaveLength(res.statusCode === 200 ? 2 : 1);
      },
    },
    {
      route: 'GET /api/admin/content/:name/history',
      variant: 'the page texts',
      call: () => ({ method: 'GET', url: '/api/admin/content/pages/history' }),
      expect: adminOnly(200),
    },
    {
      route: 'GET /api/admin/content/:name/versions/:version',
      variant: 'the first version of the rooms',
      call: () => ({ method: 'GET', url: '/api/admin/content/rooms/versions/1' }),
      expect: adminOnly(200),
    },
    {
      route: 'POST /api/admin/content/:name/revert',
      variant: 'a version that does not exist: 404 to an administrator',
      call: () => ({
        method: 'POST',
        url: '/api/admin/content/arrival/revert',
        payload: { version: 7 },
      }),
      expect: adminOnly(404),
      check: onlySeeded,
    },
    {
      route: 'POST /api/admin/content/images',
      variant: 'a PNG named .jpg',
      call: () => ({
        method: 'POST',
        url: '/api/admin/content/images',
        payload: imageForm(TINY_PNG),
      }),
      expect: adminOnly(201),
      check: async ({ res }) => {
        const rows = await stored();
        if (res.statusCode !== 201) return expect(rows).toEqual([]);
        expect(res.json().path).toMatch(/^images\/uploads\/[0-9a-f]{16}-4\.webp$/);
        expect(rows).toEqual([{ path: res.json().path }]);
      },
    },
    {
      route: 'POST /api/admin/content/images',
      variant: 'a PDF named .jpg: 415 to an administrator',
      call: () => ({ method: 'POST', url: '/api/admin/content/images', payload: imageForm(PDF) }),
      expect: adminOnly(415),
      check: async () => expect(await stored()).toEqual([]),
    },
    {
      route: 'GET /api/content/images/uploads/:name',
      variant: 'a name no upload made',
      call: () => ({ method: 'GET', url: '/api/content/images/uploads/0123456789abcdef-640.webp' }),
      expect: everyone(404),
    },
  ];
}
