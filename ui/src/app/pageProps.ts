// What every page component receives from the route table. Its own file so that app/pages.ts (which
// loads the pages) and the pages themselves both import it without importing each other.
export interface PageProps {
  /** The route's `key` from routes.json (which service or case study to show); '' for pages without one. */
  routeKey: string;
}
