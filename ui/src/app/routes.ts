import table from '../routes.json';
import defaults from '../site.json';
import { slug } from '../lib/slug';

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

// The founder's name is not an owner setting, so the slug always comes from site.json (as on the server).
export const founderPath = `/${slug(defaults.founder.name)}`;

// `{name}` in a pattern (the case studies' `/portfolio/{slug}`) is React Router's `:name`.
export const routes: RouteEntry[] = (table.routes as RouteEntry[]).map((route) => ({
  ...route,
  path: route.path.replace('/{founderSlug}', founderPath).replace(/\{(\w+)\}/g, ':$1'),
}));

export const notFound = table.notFound;

// Opt in to v7 behaviour now: it silences React Router's upgrade warnings in the console.
export const routerFuture = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
