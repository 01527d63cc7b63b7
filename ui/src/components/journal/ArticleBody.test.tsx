import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import type { ArticleBlock } from '../../lib/journal';
import { journalHref, tagSlug } from '../../lib/journal';
import { plainText } from '../ui/RichText';
import { ArticleBody } from './ArticleBody';

const photo = (alt: string) => ({ url: '/images/hero-1.webp', alt });

function show(blocks: ArticleBlock[]) {
  return render(
    <MemoryRouter future={routerFuture}>
      <ArticleBody blocks={blocks} />
    </MemoryRouter>,
  );
}

describe('ArticleBody', () => {
  it('renders every kind of block from data, never as HTML', () => {
    const { container } = show([
      { type: 'heading', level: 2, text: 'The brief' },
      { type: 'heading', level: 3, text: 'Light' },
      { type: 'paragraph', text: 'A *calm* home <b>not bold</b>, see [our work](/portfolio).' },
      { type: 'list', ordered: true, items: ['One', 'Two'] },
      { type: 'list', ordered: false, items: ['Teak'] },
      { type: 'quote', text: 'We love it.', cite: 'The owners' },
      { type: 'image', ...photo('The hall'), caption: 'The hall today' },
      { type: 'pair', images: [photo('Left'), photo('Right')] },
    ]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('The brief');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Light');
    expect(container.querySelector('em')?.textContent).toBe('calm');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'our work' }).getAttribute('href')).toBe('/portfolio');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelectorAll('ul li')).toHaveLength(1);
    expect(container.querySelector('blockquote')?.textContent).toBe('We love it.');
    expect(screen.getByText('The hall today').tagName).toBe('FIGCAPTION');
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['The hall', 'Left', 'Right']);
  });

  it("links the body's photos for the full-screen viewer in reading order, the slider's apart", () => {
    show([
      { type: 'paragraph', text: 'Before the photos.' },
      { type: 'image', ...photo('The hall'), caption: 'The *hall* today' },
      { type: 'beforeAfter', before: photo('Before'), after: photo('After') },
      { type: 'pair', images: [photo('Left'), photo('Right')] },
    ]);
    // Each photo is a link (to its largest size without JavaScript) that opens the viewer.
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-haspopup') === 'dialog');
    expect(links.map((a) => a.querySelector('img')?.getAttribute('alt'))).toEqual(['The hall', 'Left', 'Right']);
    expect(links.every((a) => a.getAttribute('href')?.startsWith('/images/'))).toBe(true);
  });

  it('drops the markup from a caption shown as plain text', () => {
    expect(plainText('The *hall* of [our work](/portfolio)')).toBe('The hall of our work');
  });

  it('shows a before/after pair as a slider that the arrow keys, Home and End move', () => {
    show([{ type: 'beforeAfter', before: photo('Before'), after: photo('After'), caption: 'The kitchen' }]);
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuenow')).toBe('45');
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(slider.getAttribute('aria-valuenow')).toBe('70');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
  });
});

describe('journal addresses', () => {
  it('write a tag in its web form, as the server does', () => {
    expect(tagSlug('Kitchens & Baths')).toBe('kitchens-baths');
    expect(tagSlug('Café')).toBe('cafe');
    expect(journalHref('kitchens', 2)).toBe('/news?tag=kitchens&page=2');
    expect(journalHref(undefined, 1)).toBe('/news');
  });
});
