import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { SmallImage } from './fields';
import { smallestCopyGuess } from './upload';

const PHOTO = '/media/0123456789abcdef0123456789abcdef.jpg';

describe('a saved photo shown small (issue 40, item 11)', () => {
  it('asks for the 480 px copy, not the photo', () => {
    render(<SmallImage url={PHOTO} alt="Cover" width={160} height={90} className="" />);
    expect(screen.getByAltText('Cover').getAttribute('src')).toBe('/media/0123456789abcdef0123456789abcdef-480.webp');
  });

  it('falls back to the photo once when that copy is missing', () => {
    render(<SmallImage url={PHOTO} alt="Cover" width={160} height={90} className="" />);
    const img = screen.getByAltText('Cover');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PHOTO);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PHOTO);
  });

  it('leaves alone what has no copies', () => {
    for (const url of ['/media/0123456789abcdef0123456789abcdef.svg', '/media/0123456789abcdef0123456789abcdef.pdf', 'https://example.com/a.jpg', '/images/hero.jpg']) {
      expect(smallestCopyGuess(url)).toBeUndefined();
    }
  });
});
