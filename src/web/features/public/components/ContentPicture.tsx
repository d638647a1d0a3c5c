import type { ImgHTMLAttributes } from 'react';
import type { ContentImage } from '../site-content/types.js';

export type ContentPictureProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height'
> & {
  image: ContentImage;
  /** The picture's URL (from `imageUrl` or `galleryImageUrl`). */
  url: string;
  /** 'lazy' (the default) for pictures below the fold. */
  loading?: 'lazy' | 'eager';
};

/**
 * A picture of content/images/ with its alt text and intrinsic size (the
 * browser reserves the space before it loads: no layout shift).
 */
export function ContentPicture({ image, url, loading = 'lazy', ...rest }: ContentPictureProps) {
  return (
    <img
      src={url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
