import table from '../routes.json';

export type PageKey =
  | 'home'
  | 'about'
  | 'multidisciplinary'
  | 'founder'
  | 'services'
  | 'service'
  | 'portfolio'
  | 'caseStudy'
  | 'journal'
  | 'article'
  | 'contact'
  | 'adminLogin'
  | 'adminPanel';

export interface RouteEntry {
  path: string;
  page: PageKey;
  key?: string;
  /** A service page's project type: its 'Contact Us' starts the form with it (lib/projectType.ts). */
  projectType?: string;
  title: string;
  admin?: boolean;
}

/**
 * The route table for the router. The founder's address is the founder record's `slug`, which the
 * owner may change, so it comes from the page data at run time. `{name}` in a pattern (the case
 * studies' `/portfolio/{slug}`) is React Router's `:name`.
 */
export function routesFor(founderSlug: string): RouteEntry[] {
  return (table.routes as RouteEntry[])
    .filter((route) => route.page !== 'founder' || founderSlug)
    .map((route) => ({
      ...route,
      path: route.path.replace('{founderSlug}', founderSlug).replace(/\{(\w+)\}/g, ':$1'),
    }));
}

/** The service routes, in the order of the service cards (the `services` record's `cards`). */
export const serviceRoutes = (table.routes as RouteEntry[]).filter((route) => route.page === 'service');

export const notFound = table.notFound;

// Opt in to v7 behaviour now: it silences React Router's upgrade warnings in the console.
export const routerFuture = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
