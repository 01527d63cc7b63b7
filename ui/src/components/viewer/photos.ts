// What the full-screen viewer shows, and which of an upload's variants it loads (lib/images.ts).
import { imageInfo } from '../../lib/images';

/** One photo of a viewer's set: a case study's gallery, an article's pictures. */
export interface ViewerPhoto {
  /** The stored URL (an upload's fileUrl, or a bundled image under /images/). */
  url: string;
  alt: string;
  /** Shown under the photo; the alt text when absent. */
  caption?: string;
}

const widest = (url: string) => {
  const variants = imageInfo(url)?.variants ?? [];
  return variants.reduce<{ url: string; width: number } | undefined>(
    (best, v) => (!best || v.width > best.width ? v : best),
    undefined,
  );
};

/** The largest variant of a photo: where its link leads when JavaScript is off. */
export function largestUrl(url: string): string {
  return widest(url)?.url ?? url;
}

/**
 * The variant that fills a screen of `width` x `height` CSS pixels at `density`: the narrowest
 * WebP at least as wide as the photo is drawn (contained), else the widest there is.
 */
export function fittingUrl(url: string, width: number, height: number, density: number): string {
  const info = imageInfo(url);
  if (!info || info.variants.length === 0) return url;
  const drawnWidth = Math.min(width, (height * info.width) / info.height) * density;
  const webp = info.variants.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width);
  const pool = webp.length > 0 ? webp : [...info.variants].sort((a, b) => a.width - b.width);
  return (pool.find((v) => v.width >= drawnWidth) ?? pool[pool.length - 1])?.url ?? url;
}
