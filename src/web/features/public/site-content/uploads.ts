/**
 * The staff's uploaded pictures (docs/site-content.md, "Images"): content
 * names one as `images/uploads/<hash>-<width>.webp`, the largest size kept,
 * served at `/api/content/` + that path. The smaller sizes are the standard
 * widths below it, under the same hash.
 */
const UPLOADS = 'images/uploads/';
const STANDARD_WIDTHS = [640, 1280, 1920];
const SIZED_NAME = /^images\/uploads\/([0-9a-f]{16})-(\d+)\.webp$/;

/** True for a picture the staff uploaded (kept in the database, not in content/images/). */
export function isUpload(src: string): boolean {
  return src.startsWith(UPLOADS);
}

/** The URL the server serves an uploaded picture at. */
export function uploadUrl(src: string): string {
  return `/api/content/${src}`;
}

/**
 * Every size of an uploaded picture for `srcset` ("… 640w, … 1280w"), or
 * undefined when there is only the one (or `src` is not an upload).
 */
export function uploadSrcSet(src: string): string | undefined {
  const match = SIZED_NAME.exec(src);
  if (!match) return undefined;
  const [, hash, named] = match;
  const largest = Number(named);
  const widths = [...STANDARD_WIDTHS.filter((width) => width < largest), largest];
  if (widths.length < 2) return undefined;
  return widths
    .map((width) => `${uploadUrl(`${UPLOADS}${hash}-${width}.webp`)} ${width}w`)
    .join(', ');
}
