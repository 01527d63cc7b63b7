import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import { DEFAULT_PROJECT_CATEGORY, ProjectCard } from './ProjectCard';

const project = {
  slug: 'timeless-luxury',
  title: 'Timeless Luxury',
  category: 'Hospitality',
  coverUrl: '/images/projects/timeless-luxury.webp',
};

function renderCard(props: Parameters<typeof ProjectCard>[0]) {
  render(
    <MemoryRouter future={routerFuture}>
      <ProjectCard {...props} />
    </MemoryRouter>,
  );
}

describe('ProjectCard', () => {
  it('links the title to the case study and shows image, category and the hover label', () => {
    renderCard({ project });
    expect(screen.getByRole('link', { name: 'Timeless Luxury' }).getAttribute('href')).toBe('/portfolio/timeless-luxury');
    expect(screen.getByRole('heading', { level: 3, name: 'Timeless Luxury' })).toBeTruthy();
    expect(screen.getByText('Hospitality')).toBeTruthy();
    expect(screen.getByText('View Project')).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Timeless Luxury, Hospitality project' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.getAttribute('height')).toBe('900');
  });

  it("falls back to 'Interior Design' without a category", () => {
    renderCard({ project: { ...project, category: '' }, as: 'h2', loading: 'eager' });
    expect(screen.getByText(DEFAULT_PROJECT_CATEGORY)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('loading')).toBe('eager');
  });
});
