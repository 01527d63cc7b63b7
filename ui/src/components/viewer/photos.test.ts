import { afterEach, describe, expect, it } from 'vitest';
import { clearImages, registerImages } from '../../lib/images';
import { fittingUrl, largestUrl } from './photos';

const UPLOAD = '/uploads/abc.jpg';
const variant = (width: number, type = 'image/webp') => ({
  url: `/uploads/abc-${width}.${type === 'image/webp' ? 'webp' : 'jpg'}`,
  width,
  height: (width * 3) / 4,
  type,
});

afterEach(() => clearImages());

describe('the viewer picks a variant', () => {
  it('links to the widest variant, or to the photo itself when nothing is known of it', () => {
    registerImages({ [UPLOAD]: { width: 2400, height: 1800, placeholder: '', variants: [variant(480), variant(800), variant(2400, 'image/jpeg'), variant(1600)] } });
    expect(largestUrl(UPLOAD)).toBe('/uploads/abc-2400.jpg');
    expect(largestUrl('/images/projects/a.webp')).toBe('/images/projects/a.webp');
  });

  it('loads the narrowest WebP that fills the screen at its pixel density, else the widest', () => {
    registerImages({ [UPLOAD]: { width: 2400, height: 1800, placeholder: '', variants: [variant(480), variant(800), variant(1600), variant(2400, 'image/jpeg')] } });
    // A 390 x 844 phone at 3x draws the 4:3 photo 390 px wide: 1170 device pixels.
    expect(fittingUrl(UPLOAD, 390, 844, 3)).toBe('/uploads/abc-1600.webp');
    expect(fittingUrl(UPLOAD, 390, 844, 1)).toBe('/uploads/abc-480.webp');
    // A wide, short window: the height limits the drawn width (600 px tall: 800 wide).
    expect(fittingUrl(UPLOAD, 1440, 600, 1)).toBe('/uploads/abc-800.webp');
    expect(fittingUrl(UPLOAD, 2560, 1440, 2)).toBe('/uploads/abc-1600.webp');
    expect(fittingUrl('/images/projects/a.webp', 390, 844, 3)).toBe('/images/projects/a.webp');
  });
});
