import { type CSSProperties, useEffect, useRef, useState } from 'react';
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
 * processed fileUrl as the fallback, the intrinsic size set (no layout shift), and the upload's
 * tiny placeholder painted behind it until it has loaded.
 */
export function Picture({ src, alt, sizes, width, height, className, style, priority, ...rest }: PictureProps) {
  const info = imageInfo(src);
  const webp = info ? srcsetOf(info, 'image/webp') : '';
  const [loaded, setLoaded] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image the browser already had (its cache) may be complete before the handler is attached.
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth > 0) setLoaded(true);
  }, [src]);
  const placeholder =
    info?.placeholder && !loaded
      ? { backgroundImage: `url("${info.placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
      : undefined;
  const img = (
    <img
      {...rest}
      ref={ref}
      src={src}
      alt={alt}
      width={info?.width ?? width}
      height={info?.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      onLoad={() => setLoaded(true)}
      className={className}
      style={placeholder ? { ...placeholder, ...style } : style}
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
