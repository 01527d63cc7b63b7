import { ArrowUpRight } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePage } from '../../lib/content';
import { coverAlt, projectPath } from '../../lib/projects';
import { announce } from '../ui/announce';
import { Picture } from '../ui/Picture';
import { prefersReducedMotion } from '../../lib/motion';
import { ProjectCard } from './ProjectCard';
import {
  CATEGORY_PARAM,
  PAGE_PARAM,
  portfolioFilters,
  type PortfolioFilter,
  choosePreview,
  filterItems,
  portfolioHeading,
  PROMPT_PREVIEW,
  resultCount,
  type PortfolioItem,
  type Preview,
} from './portfolioFilter';
import { useFadeIn } from './useFadeIn';
import type { PortfolioView } from '../../lib/site';

/** SPEC §9. */
export const PREVIEW_FADE_MS = 300;
export const TILE_FADE_MS = 500;

const ALL_ID = 'all';

/** Set on a category link's navigation: the visitor chose it here, so the results come into view. */
interface ChosenHere {
  toResults?: boolean;
}
const first = () => 0;

interface Props {
  items: PortfolioItem[];
  /** From `?category=`; undefined shows every project. */
  selected: PortfolioFilter | undefined;
  /** Which page of the selected list `items` is; absent: `items` is the whole list. */
  view?: PortfolioView;
  /** Injected by tests; Math.random otherwise. */
  random?: () => number;
}

function previewKey(preview: Preview): string {
  if (preview.kind === 'project') return `project:${preview.item.slug}`;
  return preview.kind === 'empty' ? `empty:${preview.label}` : 'prompt';
}

function filterHref(filter: PortfolioFilter | undefined, page = 1): string {
  const params = [filter && `${CATEGORY_PARAM}=${filter.id}`, page > 1 && `${PAGE_PARAM}=${page}`].filter(Boolean);
  return params.length ? `/portfolio?${params.join('&')}` : '/portfolio';
}

/**
 * The filter list (links, so a filtered view is a shareable URL and Back works), the preview card
 * that follows hover and focus, and the grid of the selected projects.
 */
export function PortfolioExplorer({ items, selected, view, random = Math.random }: Props) {
  const heading = usePage('portfolio').explore;
  // The hovered or focused entry and the project picked for it: picked once on entering, so the
  // card does not reshuffle on every render, nor when a click focuses the link already hovered.
  const [hovered, setHovered] = useState<{ id: string; preview: Preview } | null>(null);
  // The server's HTML (and so the hydrating render) shows the selected category's first project:
  // a random pick there would differ from the browser's. The random one comes before the first paint.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  const selectedPreview = useMemo(
    () => (selected ? choosePreview(items, selected, mounted ? random : first) : PROMPT_PREVIEW),
    [items, selected, random, mounted],
  );
  const preview = hovered?.preview ?? selectedPreview;
  const shown = filterItems(items, selected);

  const previewRef = useRef<HTMLDivElement>(null);
  useFadeIn(previewRef, previewKey(preview), PREVIEW_FADE_MS);
  const gridRef = useRef<HTMLUListElement>(null);
  useFadeIn(gridRef, `${selected?.id ?? ALL_ID}:${view?.page ?? 1}`, TILE_FADE_MS);

  // On a phone the results begin far below the list: a chosen category brings them into view (when
  // they are not in it already) and is announced with its count. The explorer is rendered anew once
  // the category's data has arrived, so the wish travels in the history entry's state.
  const location = useLocation();
  const toResults = (location.state as ChosenHere | null)?.toResults === true;
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const count = resultCount(selected, view?.total ?? shown.length);
  useEffect(() => {
    if (!toResults) return;
    announce(count);
    const heading = resultsRef.current;
    if (!heading || heading.getBoundingClientRect().top < window.innerHeight * 0.5) return;
    heading.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    // Only for the visit that chose it: an effect re-run must not pull the page back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const enter = (filter: PortfolioFilter | undefined) => {
    const id = filter?.id ?? ALL_ID;
    setHovered((current) => (current?.id === id ? current : { id, preview: choosePreview(items, filter, random) }));
  };
  const leave = () => setHovered(null);

  const entries: { id: string; label: string; filter: PortfolioFilter | undefined }[] = [
    { id: ALL_ID, label: 'All Projects', filter: undefined },
    ...portfolioFilters.map((filter) => ({ id: filter.id, label: filter.label, filter })),
  ];

  return (
    <>
      <section aria-labelledby="portfolio-categories" className="container-page section">
        {/* Hover and focus state belong to the list and the card together, so that moving from a
            category to its card's 'View Project' (by mouse or Tab) keeps the card in place. */}
        <div
          data-testid="portfolio-explorer"
          className="grid gap-12 lg:grid-cols-12 lg:items-center lg:gap-16"
          onMouseLeave={leave}
          onFocusOut={(event) => {
            const next = event.relatedTarget;
            if (!(next instanceof Node) || !event.currentTarget.contains(next)) leave();
          }}
        >
          <nav aria-labelledby="portfolio-categories" className="lg:col-span-5">
            <span className="eyebrow">{heading.eyebrow}</span>
            <h2 id="portfolio-categories" className="section-title mt-4">
              {heading.title}
            </h2>
            <ul className="mt-10 border-t border-sand-200">
              {entries.map((entry) => {
                const current = (selected?.id ?? ALL_ID) === entry.id;
                return (
                  <li key={entry.id} className="border-b border-sand-200">
                    <Link
                      to={filterHref(entry.filter)}
                      state={{ toResults: true } satisfies ChosenHere}
                      aria-current={current ? 'true' : undefined}
                      onMouseEnter={() => enter(entry.filter)}
                      onFocus={() => enter(entry.filter)}
                      className={`group flex items-center justify-between gap-4 py-5 font-display text-2xl transition-colors duration-300 md:text-3xl ${
                        current ? 'text-brass-700' : 'text-charcoal hover:text-brass-700'
                      }`}
                    >
                      {entry.label}
                      <ArrowUpRight
                        aria-hidden="true"
                        className={`size-5 shrink-0 transition-opacity duration-300 ${
                          current ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100'
                        }`}
                      />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="lg:col-span-7">
            <div ref={previewRef} data-testid="portfolio-preview" data-preview={previewKey(preview)}>
              <PreviewCard preview={preview} />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="portfolio-grid-heading" className="bg-sand/50">
        <div className="container-page section">
          <h2 id="portfolio-grid-heading" ref={resultsRef} className="section-title">
            {portfolioHeading(selected)}
          </h2>
          {shown.length > 0 && <p className="mt-4 text-stone-600">{count}</p>}
          {shown.length > 0 ? (
            <ul ref={gridRef} className="mt-12 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((item) => (
                <li key={item.slug}>
                  <ProjectCard project={item} />
                </li>
              ))}
            </ul>
          ) : null}
          {view && view.pages > 1 && (
            <nav
              aria-label="Portfolio pages"
              className="mt-14 grid grid-cols-2 items-center gap-4 sm:flex sm:justify-between"
            >
              <p className="col-span-2 text-center text-sm text-stone-600 sm:order-2">
                Page {view.page} of {view.pages}
              </p>
              {view.page > 1 ? (
                <Link to={filterHref(selected, view.page - 1)} rel="prev" className="btn btn-outline sm:order-1">
                  Previous<span className="sr-only"> page of projects</span>
                </Link>
              ) : (
                <span className="sm:order-1" />
              )}
              {view.page < view.pages ? (
                <Link to={filterHref(selected, view.page + 1)} rel="next" className="btn btn-outline sm:order-3">
                  Next<span className="sr-only"> page of projects</span>
                </Link>
              ) : (
                <span className="sm:order-3" />
              )}
            </nav>
          )}
          {shown.length === 0 && (
            <p className="section-lead mt-8">
              No {selected?.label ?? ''} projects are on show right now.{' '}
              <Link to="/portfolio" className="text-brass-700 underline underline-offset-4">
                See all projects
              </Link>
              .
            </p>
          )}
        </div>
      </section>
    </>
  );
}

function PreviewCard({ preview }: { preview: Preview }) {
  if (preview.kind !== 'project') {
    return (
      <div className="grid aspect-[4/3] place-items-center rounded-sm border border-dashed border-stone-400 bg-sand/60 p-10 text-center">
        <p className="max-w-sm font-display text-2xl leading-snug text-stone-600 md:text-3xl">
          {preview.kind === 'empty'
            ? `No ${preview.label} projects are on show right now.`
            : 'Choose a category to preview one of its projects.'}
        </p>
      </div>
    );
  }
  const { item } = preview;
  return (
    <article className="relative aspect-[4/3] overflow-hidden rounded-sm bg-charcoal">
      <Picture
        src={item.coverUrl}
        alt={coverAlt(item)}
        sizes="(min-width: 1024px) 58vw, 100vw"
        width={1200}
        height={900}
        className="size-full object-cover"
      />
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-charcoal/85 via-charcoal/20 to-transparent" />
      <div className="absolute inset-x-0 bottom-0 flex flex-wrap items-end justify-between gap-6 p-6 md:p-10">
        <div>
          <p className="text-xs font-semibold tracking-[0.25em] text-brass-300 uppercase">{item.category}</p>
          <h3 className="mt-2 font-display text-3xl text-ivory md:text-4xl">{item.title}</h3>
        </div>
        <Link to={projectPath(item.slug)} className="btn btn-light">
          View Project<span className="sr-only">: {item.title}</span>
        </Link>
      </div>
    </article>
  );
}
