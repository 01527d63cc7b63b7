// What components read the site's content from: the first page's data (settings, the site-wide
// record, the founder) for the whole visit, and the current route's data (its page records) inside
// app/WithPageData. Both are read per render through context, never at module load, so the same
// components can render on a server and hydrate in the browser.
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { fallbackData, type LeadForm, type PageData, type Site, siteFrom } from './site';
import type { FounderRef, PageRecords, RecordKey, SiteRecord } from './pageTypes';

export interface SiteData {
  /** The path of the page the browser loaded first (its data came inlined in the HTML). */
  firstPath: string;
  data: PageData;
}

const SiteDataContext = createContext<SiteData | undefined>(undefined);
const RouteDataContext = createContext<PageData | undefined>(undefined);

let devData: PageData | undefined;

/** Without a provider (the Vite dev server's first render, unit tests): the seed, as a fresh install. */
function fallback(): SiteData {
  if (!import.meta.env.DEV) throw new Error('no site data');
  devData ??= fallbackData();
  return { firstPath: '', data: devData };
}

export function SiteDataProvider({ value, children }: { value: SiteData; children: ReactNode }) {
  return <SiteDataContext.Provider value={value}>{children}</SiteDataContext.Provider>;
}

/** The current route's data, for the records of its page (app/WithPageData provides it). */
export function RouteDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  return <RouteDataContext.Provider value={data}>{children}</RouteDataContext.Provider>;
}

export function useSiteData(): SiteData {
  return useContext(SiteDataContext) ?? fallback();
}

/** The studio's settings over site.json's defaults (lib/site.ts, siteFrom). */
export function useSite(): Site {
  const { data } = useSiteData();
  return useMemo(() => siteFrom(data), [data]);
}

/** The page record `key`: from the route's data, else the first page's, else (development) the seed. */
export function usePage<K extends RecordKey>(key: K): PageRecords[K] {
  const route = useContext(RouteDataContext);
  const { data } = useSiteData();
  const record = (route?.pages?.[key] ?? data.pages?.[key] ?? (import.meta.env.DEV ? fallback().data.pages?.[key] : undefined)) as
    | PageRecords[K]
    | undefined;
  if (!record) throw new Error(`no page record ${String(key)}`);
  return record;
}

/** The site-wide record: footer taglines, experience badge, copyright year, closing call to action. */
export function useSiteRecord(): SiteRecord {
  return usePage('site');
}

/** The founder's name and address (every page's data carries them). */
export function useFounder(): FounderRef {
  const route = useContext(RouteDataContext);
  const { data } = useSiteData();
  const founder = route?.founder ?? data.founder ?? (import.meta.env.DEV ? fallback().data.founder : undefined);
  if (!founder) throw new Error('no founder');
  return founder;
}

/** The founder page's path, `/{slug}`. */
export function useFounderPath(): string {
  return `/${useFounder().slug}`;
}

/** The contact form's optional fields and choices (the contact page's data; none elsewhere). */
export function useLeadForm(): LeadForm | undefined {
  const route = useContext(RouteDataContext);
  const { data } = useSiteData();
  return route?.leadForm ?? data.leadForm;
}
