import { fireEvent, render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { registerImages } from '../../lib/images';
import { uploadedPhoto } from '../../test/images';
import { Picture } from './Picture';

registerImages({ '/media/ab.jpg': uploadedPhoto('ab', 2560, 1920, [480, 800]) });

describe('Picture', () => {
  it('offers the WebP variants with sizes, the intrinsic size and the placeholder until it loads', () => {
    const { container } = render(<Picture src="/media/ab.jpg" alt="A room" sizes="100vw" />);
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe('/media/ab-480.webp 480w, /media/ab-800.webp 800w');
    expect(source.getAttribute('sizes')).toBe('100vw');
    const img = container.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['/media/ab.jpg', '2560', '1920']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.style.backgroundImage).toContain('data:image/webp');
    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe('');
  });

  it('shows an image the server knows nothing of as it is, eager when it has priority', () => {
    const { container } = render(<Picture src="/images/hero-1.webp" alt="" sizes="100vw" width={1920} height={1080} priority />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['1920', 'eager', 'high']);
  });
});
