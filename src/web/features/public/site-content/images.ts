/**
 * The URLs of all the pictures in content/images/ (lazy chunks only; the home
 * page uses galleryImages.ts). Vite copies each file into the build under a
 * hashed name (never inlined into the JavaScript); the content files name them
 * relative to content/, e.g. "images/rooms/chapel.svg". A picture the staff
 * uploaded is served by the server (uploads.ts).
 */
import { isUpload, uploadUrl } from './uploads.js';

const CONTENT = '../../../../../content/';

const urls = import.meta.glob<string>(
  '../../../../../content/images/**/*.{svg,png,jpg,jpeg,webp,avif}',
  { eager: true, query: '?no-inline', import: 'default' },
);

const byPath = new Map(
  Object.entries(urls).map(([file, url]) => [file.slice(CONTENT.length), url] as const),
);

/** The URL of a content picture, or '' when neither an upload nor in content/images/. */
export function imageUrl(src: string): string {
  if (isUpload(src)) return uploadUrl(src);
  return byPath.get(src) ?? '';
}

/** Every picture path content/images/ holds (for tests). */
export function contentImagePaths(): string[] {
  return [...byPath.keys()];
}
