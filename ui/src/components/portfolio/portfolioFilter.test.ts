import { describe, expect, it } from 'vitest';
import seed from '../../content/seed.json';
import type { SiteProject } from '../../lib/site';
import {
  choosePreview,
  filterItems,
  parseFilter,
  portfolioHeading,
  portfolioItems,
} from './portfolioFilter';

const live: SiteProject[] = seed.projects.map((project, i) => ({ id: i + 1, ...project }));
const items = portfolioItems(live);
const slugs = (list: { slug: string }[]) => list.map((item) => item.slug);

describe('portfolio filter', () => {
  it('shows exactly the projects the server lists, in its order', () => {
    expect(slugs(items)).toEqual(slugs(seed.projects));
    const withoutTwo = portfolioItems(live.filter((p) => p.slug !== 'elegant-harmony' && p.slug !== 'bath-and-spa'));
    expect(slugs(withoutTwo)).not.toContain('elegant-harmony');
    expect(slugs(withoutTwo)).toHaveLength(5);
  });

  it('reads only the four SPEC values of ?category=', () => {
    expect(parseFilter('residential')?.label).toBe('Residential');
    expect(parseFilter('commercial')?.label).toBe('Commercial');
    expect(parseFilter('hospitality')?.label).toBe('Hospitality');
    expect(parseFilter('kitchens')?.label).toBe('Kitchens & Baths');
    expect(parseFilter(null)).toBeUndefined();
    expect(parseFilter('Residential')).toBeUndefined();
    expect(parseFilter('specialty')).toBeUndefined();
  });

  it('files each project under its categories; kitchens holds the kitchen and the bath projects', () => {
    expect(slugs(filterItems(items, undefined))).toHaveLength(7);
    expect(slugs(filterItems(items, parseFilter('residential')))).toEqual([
      'modern-serenity',
      'elegant-harmony',
      'refined-elegance',
      'kitchen-design',
    ]);
    expect(slugs(filterItems(items, parseFilter('commercial')))).toEqual(['bath-and-spa']);
    expect(slugs(filterItems(items, parseFilter('hospitality')))).toEqual(['timeless-luxury']);
    expect(slugs(filterItems(items, parseFilter('kitchens')))).toEqual(['bath-and-spa', 'kitchen-design']);
  });

  it('names the grid after the filter', () => {
    expect(portfolioHeading(undefined)).toBe('Our Complete Portfolio');
    expect(portfolioHeading(parseFilter('kitchens'))).toBe('Kitchens & Baths Projects');
    expect(portfolioHeading(parseFilter('hospitality'))).toBe('Hospitality Projects');
  });

  it('labels a project without a category and files an unknown one by its category name', () => {
    const [item] = portfolioItems([{ id: 9, slug: 'new-office', title: 'New Office', category: 'Commercial', description: '' }]);
    expect(item?.filters).toEqual(['commercial']);
    const [bare] = portfolioItems([{ id: 10, slug: 'x', title: 'X', category: ' ', description: '' }]);
    expect(bare?.category).toBe('Interior Design');
    expect(bare?.filters).toEqual([]);
  });

  it('previews a random project of the category, or says the category is empty', () => {
    const kitchens = parseFilter('kitchens');
    expect(choosePreview(items, kitchens, () => 0)).toMatchObject({ kind: 'project', item: { slug: 'bath-and-spa' } });
    expect(choosePreview(items, kitchens, () => 0.99)).toMatchObject({ kind: 'project', item: { slug: 'kitchen-design' } });
    expect(choosePreview(items, undefined, () => 0.5)).toMatchObject({ kind: 'project', item: { slug: 'refined-elegance' } });
    const noHotels = items.filter((item) => item.slug !== 'timeless-luxury');
    expect(choosePreview(noHotels, parseFilter('hospitality'), () => 0)).toEqual({ kind: 'empty', label: 'Hospitality' });
  });
});
