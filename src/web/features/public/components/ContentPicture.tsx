import type { ImgHTMLAttributes } from 'react';
import type { ContentImage } from '../site-content/types.js';
import { uploadSrcSet } from '../site-content/uploads.js';

export type ContentPictureProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'width' | 'height'
> & {
  image: ContentImage;
  /** The picture's URL (from `imageUrl` or `galleryImageUrl`). */
  url: string;
  /** 'lazy' (the default) for pictures below the fold. */
  loading?: 'lazy' | 'eager';
  /** How wide the picture is drawn, for the browser's choice among an upload's sizes. */
  sizes?: string;
};

/**
 * A picture of the site content with its alt text and intrinsic size (the
 * browser reserves the space before it loads: no layout shift). A picture the
 * staff uploaded offers each of its sizes (docs/site-content.md, "Sizes and
 * names"), so a phone loads the smallest that fills its place.
 */
export function ContentPicture({
  image,
  url,
  loading = 'lazy',
  sizes,
  ...rest
}: ContentPictureProps) {
  const srcSet = uploadSrcSet(image.src);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
