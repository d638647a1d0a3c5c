/**
 * The URLs of the gallery pictures (content/images/gallery/), kept apart from
 * the other pictures because the home page needs them: only these few URLs are
 * in the first bundle. Never inlined into the JavaScript. A picture the staff
 * uploaded is served by the server (uploads.ts).
 */
import { isUpload, uploadUrl } from './uploads.js';

const CONTENT = '../../../../../content/';

const urls = import.meta.glob<string>(
  '../../../../../content/images/gallery/**/*.{svg,png,jpg,jpeg,webp,avif}',
  { eager: true, query: '?no-inline', import: 'default' },
);

const byPath = new Map(
  Object.entries(urls).map(([file, url]) => [file.slice(CONTENT.length), url] as const),
);

/** The URL of a gallery picture ("images/gallery/barn.svg", or an upload), or ''. */
export function galleryImageUrl(src: string): string {
  if (isUpload(src)) return uploadUrl(src);
  return byPath.get(src) ?? '';
}
