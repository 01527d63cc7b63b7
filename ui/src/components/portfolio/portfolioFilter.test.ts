import { describe, expect, it } from 'vitest';
import { summaries as items } from '../../test/projects';
import table from '../../routes.json';
import { CATEGORY_PARAM, choosePreview, filterItems, parseFilter, portfolioFilters, portfolioHeading, resultCount } from './portfolioFilter';

const slugs = (list: { slug: string }[]) => list.map((item) => item.slug);

describe('portfolio filter', () => {
  it('reads only the four SPEC values of ?category=', () => {
    expect(parseFilter('residential')?.label).toBe('Residential');
    expect(parseFilter('commercial')?.label).toBe('Commercial');
    expect(parseFilter('hospitality')?.label).toBe('Hospitality');
    expect(parseFilter('kitchens')?.label).toBe('Kitchens & Baths');
    expect(parseFilter(null)).toBeUndefined();
    expect(parseFilter('Residential')).toBeUndefined();
    expect(parseFilter('specialty')).toBeUndefined();
  });

  it("is the route table's query, which the server renders a page for each value of", () => {
    const portfolio = table.routes.find((route) => route.path === '/portfolio');
    expect(portfolio?.query).toEqual({ name: CATEGORY_PARAM, values: portfolioFilters.map((filter) => filter.id) });
  });

  it("files each project under its stored category, in the server's order", () => {
    expect(slugs(filterItems(items, undefined))).toEqual(slugs(items));
    expect(slugs(filterItems(items, parseFilter('residential')))).toEqual([
      'modern-serenity',
      'elegant-harmony',
      'refined-elegance',
    ]);
    expect(slugs(filterItems(items, parseFilter('commercial')))).toEqual(['bath-and-spa']);
    expect(slugs(filterItems(items, parseFilter('hospitality')))).toEqual(['timeless-luxury']);
    expect(slugs(filterItems(items, parseFilter('kitchens')))).toEqual(['kitchen-design']);
  });

  it('shows a Specialty project only under All Projects', () => {
    const withSpecialty = [...items, { ...items[0]!, id: 7, slug: 'ceramic-design', category: 'Specialty' }];
    expect(slugs(filterItems(withSpecialty, undefined))).toContain('ceramic-design');
    for (const id of ['residential', 'commercial', 'hospitality', 'kitchens']) {
      expect(slugs(filterItems(withSpecialty, parseFilter(id)))).not.toContain('ceramic-design');
    }
  });

  it('names the grid after the filter', () => {
    expect(portfolioHeading(undefined)).toBe('Our Complete Portfolio');
    expect(portfolioHeading(parseFilter('kitchens'))).toBe('Kitchens & Baths Projects');
    expect(portfolioHeading(parseFilter('hospitality'))).toBe('Hospitality Projects');
  });

  it('previews a random project of the category, or says the category is empty', () => {
    const residential = parseFilter('residential');
    expect(choosePreview(items, residential, () => 0)).toMatchObject({ kind: 'project', item: { slug: 'modern-serenity' } });
    expect(choosePreview(items, residential, () => 0.99)).toMatchObject({ kind: 'project', item: { slug: 'refined-elegance' } });
    expect(choosePreview(items, undefined, () => 0.5)).toMatchObject({ kind: 'project', item: { slug: 'refined-elegance' } });
    const noHotels = items.filter((item) => item.slug !== 'timeless-luxury');
    expect(choosePreview(noHotels, parseFilter('hospitality'), () => 0)).toEqual({ kind: 'empty', label: 'Hospitality' });
  });

  it('says how many projects a view shows', () => {
    expect(resultCount(undefined, 7)).toBe('Showing all 7 projects.');
    expect(resultCount(parseFilter('residential'), 1)).toBe('Showing 1 Residential project.');
    expect(resultCount(parseFilter('kitchens'), 0)).toBe('No Kitchens & Baths projects are on show right now.');
  });
});
