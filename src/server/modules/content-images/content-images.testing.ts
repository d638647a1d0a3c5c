// The content images tests' setup: real pictures made by sharp (one carrying
// EXIF with a GPS position, XMP and an orientation), the upload form, and the
// rows the uploads store.
import sharp from 'sharp';
import { contentImages } from '../../db/schema.js';
import { adminClient, useTestApp, type TestClient } from '../../testing/harness.js';

const RED = { r: 200, g: 40, b: 40 };

/** A PNG of the given size; `noisy` makes it large (noise does not compress). */
export async function makePng(width: number, height: number, noisy = false): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: RED,
      ...(noisy ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 40 } } : {}),
    },
  })
    .png()
    .toBuffer();
}

export async function makeWebp(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { ...RED, alpha: 0.5 } } })
    .webp()
    .toBuffer();
}

/** The GPS IFD pointer tag (0x8825) as a little-endian EXIF block writes it. */
export const GPS_POINTER = Buffer.from([0x25, 0x88]);

/**
 * A 200 × 100 JPEG as a camera writes it: stored sideways with EXIF
 * orientation 6 (to be turned 90° clockwise), a camera's make and model, a
 * GPS position and an XMP packet.
 */
export async function makeCameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: RED } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'RetreatCam', Model: 'Field 7' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '32/1 34/1 48/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '96/1 18/1 58/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Field photographer"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** The upload form, the file under `field` (default `image`) with the name and type given. */
export function imageForm(bytes: Buffer, name: string, type: string, field = 'image') {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return fd;
}

export const uploadImage = (client: TestClient, form: FormData) =>
  client.postForm('/api/admin/content/images', form);

/** The app of the content images tests, an administrator's client and the rows stored. */
export function useContentImagesApp(env: Record<string, string> = {}) {
  const t = useTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env });
  const admin = async () => (await adminClient(t)).client;
  const storedRows = () => t.db.select().from(contentImages).orderBy(contentImages.width);
  return { t, admin, storedRows };
}
