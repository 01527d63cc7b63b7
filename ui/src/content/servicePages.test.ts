import { describe, expect, it } from 'vitest';
import table from '../routes.json';
import { servicePages } from './servicePages';
import { services } from './services';

const serviceRoutes = table.routes.filter((route) => route.page === 'service');

describe('service pages', () => {
  it('one record per service route and per service card, titled as the route table', () => {
    expect(servicePages.map((page) => page.key).sort()).toEqual(serviceRoutes.map((route) => route.key).sort());
    expect(services.map((service) => service.id).sort()).toEqual(servicePages.map((page) => page.key).sort());
    for (const route of serviceRoutes) {
      expect(servicePages.find((page) => page.key === route.key)?.title).toBe(route.title);
    }
  });

  it('every page has real copy: lead, body, what is included, steps and facts', () => {
    for (const page of servicePages) {
      expect(page.lead.length).toBeGreaterThan(60);
      expect(page.body.length).toBeGreaterThanOrEqual(2);
      expect(page.included.length).toBeGreaterThanOrEqual(4);
      expect(page.steps.length).toBeGreaterThanOrEqual(3);
      expect(page.facts.length).toBeGreaterThanOrEqual(3);
      expect(page.image.alt.length).toBeGreaterThan(15);
    }
  });

  it('only the brochure page has a download, and its notice says it is a placeholder', () => {
    const withDownload = servicePages.filter((page) => page.download);
    expect(withDownload.map((page) => page.key)).toEqual(['brochure']);
    expect(withDownload[0]?.download?.notice).toMatch(/placeholder/i);
  });
});
