import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture, serviceRoutes } from '../../app/routes';
import pages from '../../content/pages.json';
import { RouteDataProvider } from '../../lib/content';
import type { PageRecords } from '../../lib/pageTypes';
import { ServicesGrid } from './ServicesGrid';

describe('ServicesGrid', () => {
  it('shows six cards, each with title, description and a Learn More link to its route', () => {
    render(
      <MemoryRouter future={routerFuture}>
        <ServicesGrid />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    pages.services.cards.forEach((card, i) => {
      expect(screen.getByRole('heading', { name: card.title })).toBeTruthy();
      expect(screen.getByText(card.description)).toBeTruthy();
      // Flex items count as separate blocks for the accessible name, hence the optional space.
      const link = screen.getByRole('link', { name: new RegExp(`^Learn More ?: ${card.title}$`) });
      expect(link.getAttribute('href')).toBe(serviceRoutes[i]!.path);
    });
  });

  it("shows the owner's words from the page's data", () => {
    const services = structuredClone(pages.services) as PageRecords['services'];
    services.cards[1] = { title: 'Ask Us Anything', description: 'Answers from an *architect*.' };
    render(
      <MemoryRouter future={routerFuture}>
        <RouteDataProvider data={{ settings: {}, pages: { services } }}>
          <ServicesGrid />
        </RouteDataProvider>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /Ask Us Anything/ });
    expect(link.getAttribute('href')).toBe('/services/ask-architect');
    expect(screen.getByText('architect').tagName).toBe('EM');
  });
});
