import type { CSSProperties } from 'react';
import { imageInfo, srcsetOf } from '../../lib/images';

export interface PictureProps {
  /** The stored URL (an upload's fileUrl, or a bundled default under /images/). */
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Intrinsic size for images the server knows nothing of (bundled defaults). */
  width?: number;
  height?: number;
  className?: string;
  style?: CSSProperties;
  /** Above the fold: eager, high priority. Everything else is lazy. */
  priority?: boolean;
}

/**
 * An owner's image at the size the screen needs: a WebP `srcset` from the upload's variants, the
 * processed fileUrl as the fallback, the intrinsic size set (no layout shift).
 */
export function Picture({ src, alt, sizes, width, height, className, style, priority }: PictureProps) {
  const info = imageInfo(src);
  const webp = info ? srcsetOf(info, 'image/webp') : '';
  const img = (
    <img
      src={src}
      alt={alt}
      width={info?.width ?? width}
      height={info?.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      className={className}
      style={style}
    />
  );
  if (!webp) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}
