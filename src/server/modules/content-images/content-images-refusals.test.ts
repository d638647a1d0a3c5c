import { describe, expect, it } from 'vitest';
import { makePdf } from '../documents/documents.testing.js';
import { TestClient, memberWithAccount } from '../../testing/harness.js';
import { imageForm, makePng, uploadImage, useContentImagesApp } from './content-images.testing.js';

// Pictures over 6000 bytes are refused (documents keep their own, larger limit).
const { t, admin, storedRows } = useContentImagesApp({
  IMAGE_MAX_BYTES: '6000',
  UPLOAD_MAX_BYTES: '1000000',
});

const expectCode = (
  res: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code, message: expect.any(String) });
};

describe('content image refusals', () => {
  it('refuses a PDF named .png (415 not_image) and stores nothing', async () => {
    const client = await admin();
    const res = await uploadImage(client, imageForm(await makePdf(), 'photo.png', 'image/png'));
    expectCode(res, 415, 'not_image');
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses bytes that start like a PNG but are not one (415) and stores nothing', async () => {
    const client = await admin();
    const png = await makePng(64, 64);
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 0x41)]);
    expectCode(
      await uploadImage(client, imageForm(broken, 'x.png', 'image/png')),
      415,
      'not_image',
    );
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a picture over IMAGE_MAX_BYTES with 413 and stores nothing; one under it is accepted', async () => {
    const client = await admin();
    const big = await makePng(100, 100, true);
    expect(big.length).toBeGreaterThan(6000);
    expectCode(
      await uploadImage(client, imageForm(big, 'big.png', 'image/png')),
      413,
      'body_too_large',
    );
    expect(await storedRows()).toHaveLength(0);

    const small = await makePng(64, 64);
    expect(small.length).toBeLessThanOrEqual(6000);
    const ok = await uploadImage(client, imageForm(small, 'small.png', 'image/png'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await storedRows()).toHaveLength(1);
  });

  it('is for administrators only: a member gets 403, a visitor 401, and nothing is stored', async () => {
    const png = await makePng(64, 64);
    const { client: member } = await memberWithAccount(t, 'anna');
    expectCode(
      await uploadImage(member, imageForm(png, 'a.png', 'image/png')),
      403,
      'admin_required',
    );
    const visitor = new TestClient(t.app);
    expectCode(
      await uploadImage(visitor, imageForm(png, 'a.png', 'image/png')),
      401,
      'unauthenticated',
    );
    expect(await storedRows()).toHaveLength(0);
  });

  it('checks CSRF like every other admin POST: a forged header answers 403 csrf_failed', async () => {
    const client = await admin();
    const res = await client.request({
      method: 'POST',
      url: '/api/admin/content/images',
      payload: imageForm(await makePng(64, 64), 'a.png', 'image/png') as unknown as string,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expectCode(res, 403, 'csrf_failed');
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 400 file_missing without an `image` field, and 415 for a body that is not multipart', async () => {
    const client = await admin();
    const png = await makePng(64, 64);
    const other = imageForm(png, 'a.png', 'image/png', 'documentFile');
    expectCode(await uploadImage(client, other), 400, 'file_missing');
    const empty = new FormData();
    empty.append('note', 'no picture');
    expectCode(await uploadImage(client, empty), 400, 'file_missing');
    const asJson = await client.post('/api/admin/content/images', { image: 'x' });
    expectCode(asJson, 415, 'unsupported_media_type');
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 404 for a name no upload made, and for names that try to leave the folder', async () => {
    for (const url of [
      '/api/content/images/uploads/0123456789abcdef-640.webp',
      '/api/content/images/uploads/..%2F..%2Fpackage.json',
      '/api/content/images/uploads/0123456789abcdef-640.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expectCode(res, 404, 'not_found');
      expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    }
  });
});
