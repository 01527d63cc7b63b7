// Responsive information for the owner's uploaded images (docs/CONTRACTS.md, "Images"): the server
// puts an `images` map, keyed by the stored URL, in every page's data; components ask it by URL.

export interface ImageVariant {
  url: string;
  width: number;
  height: number;
  /** 'image/webp', 'image/jpeg', ... */
  type: string;
}

export interface ImageInfo {
  width: number;
  height: number;
  /** A tiny inline image (data: URL) shown while the real one loads; '' when there is none. */
  placeholder: string;
  /** Smallest first. */
  variants: ImageVariant[];
}

const known = new Map<string, ImageInfo>();

/** Adds the images of a page's data (inlined at start-up, or fetched on navigation). */
export function registerImages(images: Record<string, ImageInfo> | undefined): void {
  if (!images) return;
  for (const [url, info] of Object.entries(images)) known.set(url, info);
}

/** Forgets every image (the server, before each render). */
export function clearImages(): void {
  known.clear();
}

/** What is known of the image at `url`; undefined for bundled defaults and external links. */
export function imageInfo(url: string): ImageInfo | undefined {
  return known.get(url);
}

/** `url 480w, url 800w, ...` of the variants of one type. */
export function srcsetOf(info: ImageInfo, type: string): string {
  return info.variants
    .filter((v) => v.type === type)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/**
 * What the admin's file pickers offer, named type by type: Safari on macOS and iOS then converts
 * HEIC photos to JPEG itself, which the server would refuse (README, "What happens to an uploaded photo").
 */
export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp,image/gif,image/svg+xml,.jpg,.jpeg,.png,.webp,.gif,.svg';
