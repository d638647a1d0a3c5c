/**
 * The access-control matrix's rows for the content edited by the staff
 * (docs/site-content.md): uploads for administrators only, pictures for all.
 */
import { expect } from 'vitest';
import { contentImages } from '../db/schema.js';
import type { TestContext } from './harness.js';
import { PDF, TINY_PNG } from './access-matrix-fixtures.js';
import { adminOnly, everyone, type Row } from './access-matrix-table.js';

/** The upload form: the file under `image`, named and typed as a JPEG whatever it is. */
function imageForm(bytes: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return form as unknown as string;
}

export function contentRows(t: TestContext): Row[] {
  const stored = () => t.db.select({ path: contentImages.path }).from(contentImages);
  return [
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
