import table from '../routes.json';
import records from '../content/pages.json';

export type PageKey =
  | 'home'
  | 'about'
  | 'multidisciplinary'
  | 'founder'
  | 'services'
  | 'service'
  | 'portfolio'
  | 'caseStudy'
  | 'contact'
  | 'adminLogin'
  | 'adminPanel';

export interface RouteEntry {
  path: string;
  page: PageKey;
  key?: string;
  title: string;
  admin?: boolean;
}

export const founderPath = `/${records.founder.slug}`;

// `{name}` in a pattern (the case studies' `/portfolio/{slug}`) is React Router's `:name`.
export const routes: RouteEntry[] = (table.routes as RouteEntry[]).map((route) => ({
  ...route,
  path: route.path.replace('/{founderSlug}', founderPath).replace(/\{(\w+)\}/g, ':$1'),
}));

export const notFound = table.notFound;

// Opt in to v7 behaviour now: it silences React Router's upgrade warnings in the console.
export const routerFuture = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
