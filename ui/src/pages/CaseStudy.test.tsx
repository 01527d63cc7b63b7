import { render, screen, waitFor } from '@testing-library/preact';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routerFuture } from '../app/routes';
import { clearImages, registerImages } from '../lib/images';
import { clearPageData, primePageData } from '../lib/pageData';
import type { ProjectRecord } from '../lib/site';
import CaseStudy from './CaseStudy';

const project: ProjectRecord = {
  id: 8,
  slug: 'lakeside-guest-house',
  title: 'Lakeside Retreat',
  headline: 'Timber, Water and Light',
  category: 'Hospitality',
  year: 2025,
  location: 'Hyderabad, Telangana',
  tags: ['Lake', 'Timber'],
  description: 'A lakeside guest house.',
  intro: 'Guests hear the water before they see it.',
  sections: [{ title: 'Arrival', bullets: ['A boardwalk from the gate', 'A lobby open to the lake'] }],
  gallery: [
    { imageUrl: '/media/deck.png', alt: 'Timber deck over the lake' },
    { imageUrl: '/media/room.png', alt: 'Guest room onto the water' },
  ],
  coverUrl: '/media/cover.png',
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      <Where />
      {/* The not-found page is a lazy chunk, as in the app. */}
      <Suspense fallback={null}>
        <Routes>
          <Route path="/portfolio/:slug" element={<CaseStudyAt />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

function CaseStudyAt() {
  const slug = useLocation().pathname.split('/').pop() ?? '';
  return <CaseStudy key={slug} routeKey={slug} />;
}

afterEach(() => clearPageData());

describe('CaseStudy', () => {
  it('draws the stored project: heading, facts, sections and the gallery with its alt texts', async () => {
    primePageData('/portfolio/lakeside-guest-house', { settings: {}, project });
    renderAt('/portfolio/lakeside-guest-house');
    expect(screen.getByRole('heading', { level: 1, name: 'Lakeside Retreat' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Timber, Water and Light' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Arrival' })).toBeTruthy();
    expect(screen.getByText('A lobby open to the lake')).toBeTruthy();
    const gallery = screen.getByRole('region', { name: 'Gallery' });
    expect([...gallery.querySelectorAll('img')].map((img) => [img.getAttribute('src'), img.alt])).toEqual([
      ['/media/deck.png', 'Timber deck over the lake'],
      ['/media/room.png', 'Guest room onto the water'],
    ]);
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toBe('LakeTimber');
    await waitFor(() => expect(document.title).toContain('Lakeside Retreat Project'));
  });

  it('keeps a portrait photo upright in the grid instead of cropping it to landscape', () => {
    const info = (width: number, height: number) => ({
      width,
      height,
      placeholder: '',
      variants: [{ url: '/media/v.webp', width, height, type: 'image/webp' }],
    });
    registerImages({ '/media/deck.png': info(3000, 2000), '/media/room.png': info(1536, 2048) });
    primePageData('/portfolio/lakeside-guest-house', { settings: {}, project });
    renderAt('/portfolio/lakeside-guest-house');
    const tiles = [...screen.getByRole('region', { name: 'Gallery' }).querySelectorAll('a')];
    expect(tiles.map((a) => a.dataset.shape)).toEqual(['landscape', 'portrait']);
    expect(tiles[0]!.className).toContain('aspect-[4/3]');
    expect(tiles[1]!.className).toContain('aspect-[3/4]');
    expect(tiles[1]!.className).not.toContain('aspect-[4/3]');
    expect(tiles[1]!.parentElement!.className).toContain('md:row-span-2');
    clearImages();
  });

  it('shows the cover when the gallery is empty', () => {
    primePageData('/portfolio/lakeside-guest-house', { settings: {}, project: { ...project, gallery: [] } });
    renderAt('/portfolio/lakeside-guest-house');
    const img = screen.getByRole('region', { name: 'Gallery' }).querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/cover.png');
    expect(img.alt).toBe('Lakeside Retreat, Hospitality project');
  });

  it('moves to the current address when a former slug answered with the project', async () => {
    primePageData('/portfolio/lakeside-retreat', { settings: {}, project });
    renderAt('/portfolio/lakeside-retreat');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/portfolio/lakeside-guest-house'));
  });

  it('is the not-found page when the page data has no project', async () => {
    primePageData('/portfolio/gone', { settings: {} });
    renderAt('/portfolio/gone');
    expect(await screen.findByRole('heading', { name: "This page isn't here" })).toBeTruthy();
  });
});
