// Tests only: what the server says of a photo uploaded as `/media/<stem>.jpg`.
import type { ImageInfo } from '../lib/images';

/** A `width` x `height` upload with WebP variants `widths` wide (in order) and the JPEG itself. */
export function uploadedPhoto(stem: string, width: number, height: number, widths: number[]): ImageInfo {
  return {
    width,
    height,
    placeholder: 'data:image/webp;base64,UklGR',
    variants: [
      ...widths.map((w) => ({ url: `/media/${stem}-${w}.webp`, width: w, height: Math.round((w * height) / width), type: 'image/webp' })),
      { url: `/media/${stem}.jpg`, width, height, type: 'image/jpeg' },
    ],
  };
}
