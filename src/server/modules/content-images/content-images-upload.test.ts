import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  GPS_POINTER,
  imageForm,
  makeCameraJpeg,
  makePng,
  makeWebp,
  uploadImage,
  useContentImagesApp,
} from './content-images.testing.js';

const { t, admin, storedRows } = useContentImagesApp();

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Fetches a served picture as a visitor (no session, no cookie) and reads it back. */
async function served(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  const meta = res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined;
  return { res, meta };
}

describe('content image upload', () => {
  it('accepts a PNG named .jpg, stores it as WebP at 640, 1280 and 1920 wide and serves each for a year', async () => {
    const client = await admin();
    const png = await makePng(2400, 1200);
    const res = await uploadImage(client, imageForm(png, 'chapel.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { path: string; url: string; width: number; height: number };
    expect(Object.keys(body).sort()).toEqual(['height', 'path', 'url', 'width']);
    // The largest size's, for the content's picture fields.
    expect([body.width, body.height]).toEqual([1920, 960]);
    expect(body.path).toMatch(/^images\/uploads\/[0-9a-f]{16}-1920\.webp$/);
    expect(body.url).toBe(`/api/content/${body.path}`);

    const rows = await storedRows();
    expect(rows.map((r) => [r.width, r.height])).toEqual([
      [640, 320],
      [1280, 640],
      [1920, 960],
    ]);
    const base = body.path.replace(/-1920\.webp$/, '');
    expect(rows.map((r) => r.path)).toEqual([640, 1280, 1920].map((w) => `${base}-${w}.webp`));
    for (const row of rows) {
      expect(row.contentType).toBe('image/webp');
      expect(row.byteSize).toBe(row.bytes.length);
      expect(row.uploadedBy).not.toBeNull();
    }

    for (const row of rows) {
      const { res: file, meta } = await served(`/api/content/${row.path}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe(IMMUTABLE);
      expect(file.headers['set-cookie']).toBeUndefined();
      expect(file.headers.etag).toMatch(/^"[0-9a-f]{16}-\d+"$/);
      expect(Buffer.compare(file.rawPayload, row.bytes)).toBe(0);
      expect(meta).toMatchObject({ format: 'webp', width: row.width, height: row.height });
    }

    // A browser revalidating what it has gets 304 and no bytes.
    const { res: first } = await served(body.url);
    const again = await t.app.inject({
      method: 'GET',
      url: body.url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('never enlarges: a picture narrower than 640 is kept at its own size only', async () => {
    const client = await admin();
    const res = await uploadImage(
      client,
      imageForm(await makePng(300, 200), 'icon.png', 'image/png'),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().path).toMatch(/-300\.webp$/);
    expect((await storedRows()).map((r) => [r.width, r.height])).toEqual([[300, 200]]);
    const { meta } = await served(res.json().url);
    expect(meta).toMatchObject({ width: 300, height: 200 });
  });

  it('keeps the largest width at the picture’s own when it is under 1920', async () => {
    const client = await admin();
    const webp = await makeWebp(1000, 500);
    // Judged by the bytes: the declared type and name say nothing.
    const res = await uploadImage(client, imageForm(webp, 'garden', 'application/octet-stream'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().path).toMatch(/-1000\.webp$/);
    expect((await storedRows()).map((r) => [r.width, r.height])).toEqual([
      [640, 320],
      [1000, 500],
    ]);
    const { meta } = await served(res.json().url);
    expect(meta).toMatchObject({ width: 1000, height: 500, hasAlpha: true });
  });

  it('removes EXIF (camera, GPS), XMP and the ICC profile, and turns the picture upright first', async () => {
    const jpeg = await makeCameraJpeg();
    // The upload does carry all of it: the test would see a stripped file pass otherwise.
    const input = await sharp(jpeg).metadata();
    expect(input).toMatchObject({ width: 200, height: 100, orientation: 6 });
    expect(input.exif?.includes(Buffer.from('RetreatCam'))).toBe(true);
    expect(input.exif?.includes(GPS_POINTER)).toBe(true);
    expect(input.xmp).toBeDefined();

    const client = await admin();
    const res = await uploadImage(client, imageForm(jpeg, 'IMG_0042.JPG', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().path).toMatch(/-100\.webp$/);
    const { res: file, meta } = await served(res.json().url);
    expect(file.statusCode).toBe(200);
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 200 });
    expect(meta!.exif).toBeUndefined();
    expect(meta!.xmp).toBeUndefined();
    expect(meta!.icc).toBeUndefined();
    expect(meta!.orientation).toBeUndefined();
    for (const text of ['RetreatCam', 'Field 7', 'Field photographer', 'Exif', 'GPS'])
      expect(file.rawPayload.includes(Buffer.from(text))).toBe(false);
  });

  it('the same picture twice names the same rows, stored once', async () => {
    const client = await admin();
    const png = await makePng(700, 350);
    const one = await uploadImage(client, imageForm(png, 'a.png', 'image/png'));
    const two = await uploadImage(client, imageForm(png, 'b.png', 'image/png'));
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json()).toEqual(one.json());
    expect(await storedRows()).toHaveLength(2);
  });
});
