import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import { registerImages } from '../../lib/images';
import pages from '../../content/pages.json';
import { FOUNDER_SLIDESHOW_MS } from '../founder/FounderSlideshow';
import { HOME_SLIDESHOW_MS, FounderTeaser } from '../home/FounderTeaser';
import { CROSSFADE_MS, Slideshow } from './Slideshow';
import { advance, useFakeClock } from '../../test/clock';
import { uploadedPhoto } from '../../test/images';

const founderSlides = pages.founder.slides;

function active(container: Element) {
  return container.querySelector('img[data-active="true"]') as HTMLImageElement | null;
}

useFakeClock();

describe('Slideshow', () => {
  it('has six captioned photos and crossfades over one second', () => {
    expect(founderSlides).toHaveLength(6);
    const { container } = render(<Slideshow photos={founderSlides} intervalMs={4000} label="Studio" />);
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(6);
    images.forEach((img) => expect(img.style.transitionDuration).toBe(`${CROSSFADE_MS}ms`));
    expect(active(container)?.className).toContain('opacity-100');
    expect(images[1]!.className).toContain('opacity-0');
    expect(screen.getByText(founderSlides[0]!.caption)).toBeTruthy();
  });

  it('the home teaser advances every 3 s, wrapping after the sixth photo', () => {
    expect(HOME_SLIDESHOW_MS).toBe(3000);
    const { container } = render(
      <MemoryRouter future={routerFuture}>
        <FounderTeaser />
      </MemoryRouter>,
    );
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[0]!.image.src);
    advance(HOME_SLIDESHOW_MS - 1);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[0]!.image.src);
    advance(1);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[1]!.image.src);
    expect(screen.getByText(founderSlides[1]!.caption)).toBeTruthy();
    for (let i = 0; i < 5; i++) advance(HOME_SLIDESHOW_MS);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[0]!.image.src);
    // The teaser has no dots; it links to the founder page instead.
    expect(screen.queryByRole('button', { name: /Go to slide/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Meet the Founder/ }).getAttribute('href')).toBe('/anjali-rao');
  });

  it('the founder slideshow advances every 4 s and its dots jump to a photo', () => {
    expect(FOUNDER_SLIDESHOW_MS).toBe(4000);
    const { container } = render(<Slideshow photos={founderSlides} intervalMs={FOUNDER_SLIDESHOW_MS} label="Studio" dots />);
    advance(FOUNDER_SLIDESHOW_MS - 1);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[0]!.image.src);
    advance(1);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[1]!.image.src);

    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 5' }));
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[4]!.image.src);
    expect(screen.getByRole('button', { name: 'Go to slide 5' }).getAttribute('aria-current')).toBe('true');
    // The chosen photo gets its full time.
    advance(FOUNDER_SLIDESHOW_MS - 1);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[4]!.image.src);
    advance(1);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[5]!.image.src);
  });

  it("offers an uploaded photo's WebP variants at the slideshow's width, the first eager only at the top of a page", () => {
    registerImages({ '/media/founder.jpg': uploadedPhoto('founder', 2400, 1800, [480, 1200]) });
    const photos = [{ ...founderSlides[0]!, image: { ...founderSlides[0]!.image, src: '/media/founder.jpg' } }, founderSlides[1]!];
    const { container } = render(<Slideshow photos={photos} intervalMs={3000} label="Studio" eager />);
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('srcset')).toBe('/media/founder-480.webp 480w, /media/founder-1200.webp 1200w');
    expect(source.getAttribute('sizes')).toBe('(min-width: 1024px) 58vw, 100vw');
    const [first, second] = [...container.querySelectorAll('img')];
    expect([first!.getAttribute('width'), first!.getAttribute('height'), first!.getAttribute('loading')]).toEqual(['2400', '1800', 'eager']);
    // A bundled photo has no variants: a plain image, lazy below the first.
    expect(second!.parentElement?.tagName).not.toBe('PICTURE');
    expect(second!.getAttribute('loading')).toBe('lazy');
  });

  it('holds while hovered', () => {
    const { container } = render(<Slideshow photos={founderSlides} intervalMs={3000} label="Studio" />);
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Studio' }));
    advance(9000);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[0]!.image.src);
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Studio' }));
    advance(3000);
    expect(active(container)?.getAttribute('src')).toBe(founderSlides[1]!.image.src);
  });
});
