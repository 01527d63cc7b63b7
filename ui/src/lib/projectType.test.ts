import { describe, expect, it } from 'vitest';
import routes from '../routes.json';
import { contactHref, projectTypeOf, projectTypeParam } from './projectType';

const choices = ['Residential', 'Commercial', 'Hospitality', 'Kitchens & Baths', 'Specialty', 'Other'];

describe("'Contact Us' with the project type", () => {
  it('names a type by its first word in lower case, as the portfolio names categories', () => {
    expect(projectTypeParam('Kitchens & Baths')).toBe('kitchens');
    expect(contactHref('Kitchens & Baths')).toBe('/contact?type=kitchens');
    expect(contactHref('Residential')).toBe('/contact?type=residential');
    expect(contactHref(undefined)).toBe('/contact');
    expect(contactHref('')).toBe('/contact');
  });

  it('chooses the type a link names, and ignores anything unknown', () => {
    expect(projectTypeOf('?type=kitchens', choices)).toBe('Kitchens & Baths');
    expect(projectTypeOf('?utm_source=x&type=other', choices)).toBe('Other');
    for (const unknown of ['', '?type=', '?type=castle', '?type=Residential', '?kind=residential']) {
      expect(projectTypeOf(unknown, choices)).toBeUndefined();
    }
  });

  it("each service route's type is one the form offers", () => {
    const named = routes.routes.flatMap((r) => ('projectType' in r && r.projectType ? [r.projectType] : []));
    expect(named.length).toBeGreaterThan(0);
    for (const type of named) expect(choices).toContain(type);
  });
});
