// One page's data (lib/site.ts, PageData): inlined in the first page the browser loads, fetched once
// from GET /api/page-data?path= when the visitor navigates to another page, then kept for the visit.
import { useEffect, useState } from 'react';
import { registerImages } from './images';
import { fallbackData, type PageData } from './site';

export const PAGE_DATA_API = '/api/page-data';

export type PageDataState =
  | { status: 'loading' }
  | { status: 'ready'; data: PageData }
  /** No such page, or not published (404). */
  | { status: 'missing' }
  | { status: 'error' };

const cache = new Map<string, PageData>();

/** The portfolio's views (`?category=`, `?page=`) and the journal's (`?tag=`, `?page=`) each have
 * data of their own (its page of the list). */
const VIEWS: Record<string, string[]> = { '/portfolio': ['category', 'page'], '/news': ['tag', 'page'] };

/**
 * What a page's data is kept and asked under: its pathname, and on the portfolio the view its query
 * names (`/portfolio?category=kitchens&page=2`, as the server keys it; page 1 unwritten).
 */
export function dataKey(pathname: string, search: string): string {
  const params = VIEWS[pathname];
  if (!params) return pathname;
  const asked = new URLSearchParams(search);
  const kept = params.flatMap((name) => {
    const value = asked.get(name);
    return value && !(name === 'page' && value === '1') ? [`${name}=${encodeURIComponent(value)}`] : [];
  });
  return kept.length ? `${pathname}?${kept.join('&')}` : pathname;
}
const pending = new Map<string, Promise<PageDataState>>();
/** Whether the first page came with inlined data (a real server); without it, development shows the seed. */
let inlined = false;

/** Seeds the cache with what the server inlined for the first page (no call for it). */
export function primePageData(path: string, data: PageData | undefined): void {
  if (data) cache.set(path, data);
}

/** The visit starts: what the server inlined for the first page answers it (app/App.tsx). */
export function startPageData(path: string, data: PageData | undefined): void {
  inlined = Boolean(data);
  primePageData(path, data);
}

/** Forgets every page (tests). */
export function clearPageData(): void {
  cache.clear();
  pending.clear();
}

function cached(path: string): Extract<PageDataState, { status: 'ready' }> | undefined {
  const data = cache.get(path);
  return data ? { status: 'ready', data } : undefined;
}

/** The data of `path` (a `dataKey`), from the cache or from one call shared by every caller. */
export function loadPageData(path: string): Promise<PageDataState> {
  const known = cached(path);
  if (known) return Promise.resolve(known);
  let request = pending.get(path);
  if (!request) {
    request = fetchPage(path).finally(() => pending.delete(path));
    pending.set(path, request);
  }
  return request;
}

async function fetchPage(path: string): Promise<PageDataState> {
  try {
    const response = await fetch(`${PAGE_DATA_API}?path=${encodeURIComponent(path)}`, {
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) return { status: 'missing' };
    if (!response.ok) return { status: 'error' };
    const data = (await response.json()) as PageData;
    registerImages(data.images);
    cache.set(path, data);
    return { status: 'ready', data };
  } catch {
    // The Vite dev server has no API (it answers with its HTML): show the seed, as a fresh install would.
    if (import.meta.env.DEV && !inlined) return { status: 'ready', data: fallbackData(path) };
    return { status: 'error' };
  }
}

/** The data of the page at `path`, loading it when it is not known yet. */
export function usePageData(path: string): PageDataState {
  const [state, setState] = useState<PageDataState>(() => cached(path) ?? { status: 'loading' });
  useEffect(() => {
    const known = cached(path);
    if (known) {
      setState((shown) => (shown.status === 'ready' && shown.data === known.data ? shown : known));
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    void loadPageData(path).then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [path]);
  return state;
}
