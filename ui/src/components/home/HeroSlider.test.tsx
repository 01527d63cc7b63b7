import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routerFuture } from '../../app/routes';
import type { HeroSlide } from '../../lib/site';
import { HERO_DOT_DELAY_MS, HERO_FADE_MS, HERO_INTERVAL_MS, HERO_PRELOAD_MS, HeroSlider } from './HeroSlider';
import { advance, useFakeClock } from '../../test/clock';

const slides: HeroSlide[] = [1, 2, 3].map((id) => ({
  id,
  title: `Slide ${id}`,
  subtitle: `Subtitle ${id}`,
  imageUrl: `/images/hero-${id}.webp`,
  buttonText: id === 1 ? 'View Our Work' : '',
  buttonLink: id === 1 ? '/portfolio' : '',
}));

function renderHero(list = slides) {
  const { container } = render(
    <MemoryRouter future={routerFuture}>
      <HeroSlider slides={list} fallbackTitle="Studio" />
    </MemoryRouter>,
  );
  return {
    title: () => screen.getByRole('heading', { level: 1 }).textContent,
    fading: () => container.querySelector('[data-fading]')?.getAttribute('data-fading'),
    activeImage: () => container.querySelector('img[data-active="true"]')?.getAttribute('src'),
  };
}

function reduceMotion() {
  vi.spyOn(window, 'matchMedia').mockReturnValue({
    matches: true,
    addEventListener: () => {},
    removeEventListener: () => {},
  } as unknown as MediaQueryList);
}

useFakeClock();

describe('HeroSlider', () => {
  it('shows the first slide with its eyebrow, subtitle, button and the only eager image', () => {
    const hero = renderHero();
    expect(hero.title()).toBe('Slide 1');
    expect(screen.getByText('PREMIUM • FUNCTIONALITY')).toBeTruthy();
    expect(screen.getByText('Subtitle 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Our Work' }).getAttribute('href')).toBe('/portfolio');
    const images = [...document.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images.every((img) => img.getAttribute('width') && img.getAttribute('height'))).toBe(true);
  });

  it('gives a photo the owner described its alternative text, and leaves the others decorative', () => {
    renderHero([{ ...slides[0]!, alt: 'A living room in morning light' }, slides[1]!]);
    const images = [...document.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['A living room in morning light', '']);
  });

  it('lays out (and so loads) the next photograph only shortly before its turn', () => {
    renderHero();
    const shown = () => [...document.querySelectorAll('img')].map((img) => img.style.display !== 'none');
    expect(shown()).toEqual([true, false, false]);
    advance(HERO_INTERVAL_MS - HERO_PRELOAD_MS - 1);
    expect(shown()).toEqual([true, false, false]);
    advance(1);
    expect(shown()).toEqual([true, true, false]);
  });

  it('every 15 s fades out for 1 s, then advances, wrapping after the last slide', () => {
    const hero = renderHero();
    advance(HERO_INTERVAL_MS - 1);
    expect(hero.fading()).toBe('false');

    advance(1);
    expect(hero.fading()).toBe('true');
    expect(hero.title()).toBe('Slide 1');
    expect(hero.activeImage()).toBeUndefined();

    advance(HERO_FADE_MS - 1);
    expect(hero.title()).toBe('Slide 1');
    advance(1);
    expect(hero.title()).toBe('Slide 2');
    expect(hero.fading()).toBe('false');
    expect(hero.activeImage()).toBe('/images/hero-2.webp');

    advance(HERO_INTERVAL_MS);
    expect(hero.title()).toBe('Slide 3');
    advance(HERO_INTERVAL_MS);
    expect(hero.title()).toBe('Slide 1');
  });

  it('a dot click fades out and jumps to that slide after 0.5 s', () => {
    const hero = renderHero();
    const dot = screen.getByRole('button', { name: 'Go to slide 3' });
    fireEvent.click(dot);
    expect(hero.fading()).toBe('true');
    advance(HERO_DOT_DELAY_MS - 1);
    expect(hero.title()).toBe('Slide 1');
    advance(1);
    expect(hero.title()).toBe('Slide 3');
    expect(hero.fading()).toBe('false');
    expect(dot.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('swaps at once when the visitor prefers reduced motion', () => {
    reduceMotion();
    const hero = renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(hero.title()).toBe('Slide 2');
    expect(hero.fading()).toBe('false');
    advance(HERO_INTERVAL_MS);
    expect(hero.title()).toBe('Slide 3');
  });

  it('shows exactly the slides it is given: one slide has no dots and never moves', () => {
    const hero = renderHero(slides.slice(1, 2));
    expect(hero.title()).toBe('Slide 2');
    expect(screen.queryByRole('button', { name: /Go to slide/ })).toBeNull();
    advance(HERO_INTERVAL_MS * 3);
    expect(hero.title()).toBe('Slide 2');
  });

  it('keeps a heading when the owner has deactivated every slide', () => {
    const hero = renderHero([]);
    expect(hero.title()).toBe('Studio');
  });
});
