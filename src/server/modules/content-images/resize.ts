/**
 * What an uploaded picture becomes (docs/site-content.md, "Images"): judged
 * by its bytes, turned upright, stripped of its metadata and written as WebP
 * at the widths the pages use. sharp is imported on the first upload only,
 * so that a start does not load it (docs/operations.md, "Speed").
 */
import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../errors.js';

/** The widths the pages use, smallest first; a picture is never enlarged. */
export const IMAGE_WIDTHS = [640, 1280, 1920] as const;

/** Larger pictures are refused: decoding one takes memory in proportion. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

export interface ImageSize {
  width: number;
  height: number;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The kind of picture by its first bytes, never by its name or declared type. */
export function imageKindOf(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

export const notImage = () =>
  new AppError(415, 'not_image', 'Only JPEG, PNG or WebP pictures can be uploaded.');

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | undefined;

/** sharp, imported once, the first time it is needed. */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Nothing is kept between uploads: they are rare, and memory is not.
    sharp.cache(false);
    return sharp as unknown as SharpFactory;
  });
  return loaded;
}

const OPTIONS: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' };

/** The widths made of a picture `width` pixels wide: the standard ones below it, then its own (at most the largest). */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, Math.max(...IMAGE_WIDTHS));
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/**
 * Every size of a JPEG, PNG or WebP, smallest first, as WebP in sRGB without
 * EXIF, XMP, IPTC or an ICC profile (sharp writes none unless told to).
 */
export async function resizeImage(input: Buffer): Promise<ImageSize[]> {
  const kind = imageKindOf(input);
  if (!kind) throw notImage();
  const sharp = await loadSharp();
  const meta = await sharp(input, OPTIONS)
    .metadata()
    .catch(() => {
      throw notImage();
    });
  if (meta.format !== kind || !meta.width || !meta.height) throw notImage();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      413,
      'body_too_large',
      `The picture is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const sizes: ImageSize[] = [];
  for (const width of widthsFor(upright.width)) {
    const { data, info } = await sharp(input, OPTIONS)
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw notImage();
      });
    sizes.push({ width: info.width, height: info.height, bytes: data });
  }
  return sizes;
}
