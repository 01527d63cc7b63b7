// The portfolio's rules, kept free of components so that they are tested on their own: which
// projects show, what the `?category=` parameter means, the heading, and what the preview card shows.
import type { ProjectSummary } from '../../lib/site';

export const CATEGORY_PARAM = 'category';
/** A page of the list after the first (`?page=2`): the server sends 24 projects a page. */
export const PAGE_PARAM = 'page';

/** Values of the portfolio's `?category=` query parameter (SPEC §2 route table). */
export type PortfolioFilterId = 'residential' | 'commercial' | 'hospitality' | 'kitchens';

export interface PortfolioFilter {
  id: PortfolioFilterId;
  label: string;
  /** The stored project category it shows (the admin's category list). */
  category: string;
}

/** The portfolio's filter list, in display order, after 'All Projects'. 'Specialty' only shows under All. */
export const portfolioFilters: PortfolioFilter[] = [
  { id: 'residential', label: 'Residential', category: 'Residential' },
  { id: 'commercial', label: 'Commercial', category: 'Commercial' },
  { id: 'hospitality', label: 'Hospitality', category: 'Hospitality' },
  { id: 'kitchens', label: 'Kitchens & Baths', category: 'Kitchens & Baths' },
];

export type PortfolioItem = ProjectSummary;

/** The filter a `?category=` value selects; anything unknown (or absent) means all projects. */
export function parseFilter(value: string | null): PortfolioFilter | undefined {
  return portfolioFilters.find((filter) => filter.id === value);
}

export function filterItems(items: PortfolioItem[], filter: PortfolioFilter | undefined): PortfolioItem[] {
  return filter ? items.filter((item) => item.category === filter.category) : items;
}

export function portfolioHeading(filter: PortfolioFilter | undefined): string {
  return filter ? `${filter.label} Projects` : 'Our Complete Portfolio';
}

/** How many projects a view shows, in words: the grid's caption and what a filter announces. */
export function resultCount(filter: PortfolioFilter | undefined, total: number): string {
  if (total === 0) return `No ${filter ? `${filter.label} ` : ''}projects are on show right now.`;
  const noun = total === 1 ? 'project' : 'projects';
  return filter ? `Showing ${total} ${filter.label} ${noun}.` : `Showing all ${total} ${noun}.`;
}

/** What the large card shows: a project, an empty category, or the prompt to pick one. */
export type Preview =
  | { kind: 'project'; item: PortfolioItem; label: string }
  | { kind: 'empty'; label: string }
  | { kind: 'prompt' };

export const PROMPT_PREVIEW: Preview = { kind: 'prompt' };

/**
 * A random project of `filter` (undefined: of all projects) for the preview card.
 * `random` returns a number in [0, 1), like Math.random.
 */
export function choosePreview(
  items: PortfolioItem[],
  filter: PortfolioFilter | undefined,
  random: () => number,
): Preview {
  const pool = filterItems(items, filter);
  const label = filter?.label ?? 'All Projects';
  const index = Math.min(pool.length - 1, Math.floor(random() * pool.length));
  const item = pool[index];
  return item ? { kind: 'project', item, label } : { kind: 'empty', label };
}
