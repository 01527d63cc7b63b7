import { fireEvent, render, screen } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import { summaries as items } from '../../test/projects';
import { PortfolioExplorer } from './PortfolioExplorer';
import { CATEGORY_PARAM, parseFilter } from './portfolioFilter';

function Page({ random }: { random: () => number }) {
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <PortfolioExplorer items={items} selected={parseFilter(params.get(CATEGORY_PARAM))} random={random} />
    </>
  );
}

function renderAt(url: string, random: () => number = () => 0) {
  render(
    <MemoryRouter initialEntries={[url]} future={routerFuture}>
      <Routes>
        <Route path="/portfolio" element={<Page random={random} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const preview = () => screen.getByTestId('portfolio-preview');
const link = (name: string) => screen.getByRole('link', { name });
const tileTitles = () =>
  screen
    .getByRole('heading', { level: 2, name: /Projects$|Our Complete Portfolio/ })
    .parentElement!.querySelectorAll('li h3');

describe('PortfolioExplorer', () => {
  it('without a category shows every project and the prompt', () => {
    renderAt('/portfolio');
    expect(screen.getByRole('heading', { level: 2, name: 'Our Complete Portfolio' })).toBeTruthy();
    expect(tileTitles()).toHaveLength(6);
    expect(preview().dataset.preview).toBe('prompt');
    expect(preview().textContent).toContain('Choose a category to preview');
    expect(link('All Projects').getAttribute('aria-current')).toBe('true');
  });

  it('a category from the URL filters the grid, names it and fills the preview', () => {
    renderAt('/portfolio?category=kitchens', () => 0.99);
    expect(screen.getByRole('heading', { level: 2, name: 'Kitchens & Baths Projects' })).toBeTruthy();
    expect([...tileTitles()].map((h) => h.textContent)).toEqual(['Kitchen and Interior Design']);
    expect(preview().dataset.preview).toBe('project:kitchen-design');
    expect(link('Kitchens & Baths').getAttribute('aria-current')).toBe('true');
    expect(link('All Projects').getAttribute('aria-current')).toBeNull();
  });

  it("the server's HTML shows the category's first project, and the browser's pick comes after mount", () => {
    const random = () => 0.99;
    const page = (
      <MemoryRouter initialEntries={['/portfolio?category=residential']} future={routerFuture}>
        <Routes>
          <Route path="/portfolio" element={<Page random={random} />} />
        </Routes>
      </MemoryRouter>
    );
    // What hydration must find again, whatever Math.random says in the browser.
    expect(renderToString(page)).toContain('data-preview="project:modern-serenity"');
    render(page);
    expect(preview().dataset.preview).toBe('project:refined-elegance');
  });

  it('clicking a category changes the query parameter', () => {
    renderAt('/portfolio');
    fireEvent.click(link('Hospitality'));
    expect(screen.getByTestId('location').textContent).toBe('/portfolio?category=hospitality');
    expect([...tileTitles()].map((h) => h.textContent)).toEqual(['Timeless Luxury']);
    fireEvent.click(link('All Projects'));
    expect(screen.getByTestId('location').textContent).toBe('/portfolio');
  });

  it('hover and focus preview a project of that category, leaving falls back to the selection', () => {
    renderAt('/portfolio?category=hospitality');
    expect(preview().dataset.preview).toBe('project:timeless-luxury');

    fireEvent.mouseEnter(link('Commercial'));
    expect(preview().dataset.preview).toBe('project:bath-and-spa');
    const card = preview().querySelector('article')!;
    expect(card.textContent).toContain('Bath and Spa Center');
    expect(card.textContent).toContain('Commercial');
    expect(screen.getByRole('link', { name: /^View Project/ }).getAttribute('href')).toBe(
      '/portfolio/bath-and-spa',
    );

    fireEvent.mouseLeave(screen.getByTestId('portfolio-explorer'));
    expect(preview().dataset.preview).toBe('project:timeless-luxury');

    fireEvent.focusIn(link('Residential'));
    expect(preview().dataset.preview).toBe('project:modern-serenity');
    // Tabbing on to the card's own link keeps the card.
    const viewProject = screen.getByRole('link', { name: /^View Project/ });
    fireEvent.focusOut(link('Residential'), { relatedTarget: viewProject });
    fireEvent.focusIn(viewProject);
    expect(preview().dataset.preview).toBe('project:modern-serenity');
    // Leaving the list and the card falls back to the selection.
    fireEvent.focusOut(viewProject, { relatedTarget: document.body });
    expect(preview().dataset.preview).toBe('project:timeless-luxury');
  });

  it('keeps the picked project while the same entry stays hovered and focused', () => {
    let next = 0;
    const sequence = [0, 0.99];
    renderAt('/portfolio', () => sequence[next++ % sequence.length]!);
    fireEvent.mouseEnter(link('Residential'));
    expect(preview().dataset.preview).toBe('project:modern-serenity');
    // A click focuses the hovered link: the card must not reshuffle.
    fireEvent.focusIn(link('Residential'));
    expect(preview().dataset.preview).toBe('project:modern-serenity');
  });

  it('without hover and selection the prompt returns', () => {
    renderAt('/portfolio');
    fireEvent.mouseEnter(link('Residential'));
    expect(preview().dataset.preview).toMatch(/^project:/);
    fireEvent.mouseLeave(screen.getByTestId('portfolio-explorer'));
    expect(preview().dataset.preview).toBe('prompt');
  });
  it('links the pages of a long list as plain addresses, keeping the category', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/portfolio?category=residential&page=2']} future={routerFuture}>
        <PortfolioExplorer items={items} selected={parseFilter('residential')} view={{ page: 2, pages: 3, total: 60 }} />
      </MemoryRouter>,
    );
    expect(html).toContain('rel="prev" href="/portfolio?category=residential"');
    expect(html).toContain('rel="next" href="/portfolio?category=residential&amp;page=3"');
    expect(html).toContain('Page 2 of 3');
  });
});
