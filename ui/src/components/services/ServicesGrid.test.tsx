import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import { services } from '../../content/services';
import { ServicesGrid } from './ServicesGrid';

describe('ServicesGrid', () => {
  it('shows six cards, each with title, description and a Learn More link to its route', () => {
    render(
      <MemoryRouter future={routerFuture}>
        <ServicesGrid />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    for (const service of services) {
      expect(screen.getByRole('heading', { name: service.title })).toBeTruthy();
      expect(screen.getByText(service.description)).toBeTruthy();
      // Flex items count as separate blocks for the accessible name, hence the optional space.
      const link = screen.getByRole('link', { name: new RegExp(`^Learn More ?: ${service.title}$`) });
      expect(link.getAttribute('href')).toBe(service.link);
    }
  });

  it('never shows more than six', () => {
    const many = [...services, ...services].map((s, i) => ({ ...s, id: `${s.id}-${i}` }));
    render(
      <MemoryRouter future={routerFuture}>
        <ServicesGrid services={many} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });
});
