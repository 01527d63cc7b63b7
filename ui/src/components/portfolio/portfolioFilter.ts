// The portfolio's rules, kept free of components so that they are tested on their own: which
// projects show, what the `?category=` parameter means, the heading, and what the preview card shows.
import { portfolioFilters, type PortfolioFilter, type PortfolioFilterId } from '../../content/projects';
import { liveProjects, type LiveProject } from '../../lib/projects';
import type { SiteProject } from '../../lib/site';
import { DEFAULT_PROJECT_CATEGORY } from './ProjectCard';

export const CATEGORY_PARAM = 'category';

export interface PortfolioItem extends LiveProject {
  filters: PortfolioFilterId[];
}

/**
 * The server's live list (active projects, in order) with the filters each one sits under;
 * a project this build has no extras for is filed by its category name.
 */
export function portfolioItems(live: SiteProject[]): PortfolioItem[] {
  return liveProjects(live).map((project) => {
    const category = project.category.trim() || DEFAULT_PROJECT_CATEGORY;
    return {
      ...project,
      category,
      filters:
        project.facts?.filters ??
        portfolioFilters.filter((filter) => filter.id === category.toLowerCase()).map((filter) => filter.id),
    };
  });
}

/** The filter a `?category=` value selects; anything unknown (or absent) means all projects. */
export function parseFilter(value: string | null): PortfolioFilter | undefined {
  return portfolioFilters.find((filter) => filter.id === value);
}

export function filterItems(items: PortfolioItem[], filter: PortfolioFilter | undefined): PortfolioItem[] {
  return filter ? items.filter((item) => item.filters.includes(filter.id)) : items;
}

export function portfolioHeading(filter: PortfolioFilter | undefined): string {
  return filter ? `${filter.label} Projects` : 'Our Complete Portfolio';
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
