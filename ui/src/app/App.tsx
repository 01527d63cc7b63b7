import { type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { BrowserRouter, Route, Routes, useParams } from 'react-router-dom';
import { ScrollToTopOnRouteChange } from '../components/layout/ScrollToTopOnRouteChange';
import { type SiteData, SiteDataProvider } from '../lib/content';
import { dataKey, startPageData } from '../lib/pageData';
import { fallbackData, readInlined } from '../lib/site';
import NotFound from '../pages/NotFound';
import { DocumentTitle } from './DocumentTitle';
import { Layout } from './Layout';
import { PageFallback } from './PageFallback';
import { PageViews } from './PageViews';
import { pages } from './pages';
import { notFound, routerFuture, routesFor, type RouteEntry } from './routes';

// Visitors never see the admin frame (nor the toaster it mounts at once), so it is not in the entry;
// the server renders no admin page, so its bundle leaves the frame out.
const AdminFrame = import.meta.env.SSR
  ? () => null
  : lazy(() => import('./AdminFrame').then((m) => ({ default: m.AdminFrame })));

function pageRoutes(routes: RouteEntry[], admin: boolean) {
  return routes
    .filter((route) => Boolean(route.admin) === admin)
    .map((route) => {
      return <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />;
    });
}

/** A route's page, told which record to show: the entry's `key`, or the `:slug` of a pattern. */
function RoutePage({ route }: { route: RouteEntry }) {
  const { slug } = useParams();
  const Page = pages[route.page];
  const routeKey = route.key ?? slug ?? '';
  return (
    <>
      {/* A pattern's entry names no page ("Project"): the page names itself (CaseStudy), and a
          hydrated first page must not show the placeholder while its chunk loads. */}
      {!slug && <DocumentTitle title={route.title} />}
      {/* Keyed: moving from one case study to another starts the page afresh. */}
      <Page key={routeKey} routeKey={routeKey} />
    </>
  );
}

/** The first page's data: inlined by the server, or (the Vite dev server) the seed. */
function firstPage(): SiteData {
  const firstPath = location.pathname;
  const inlined = readInlined(document);
  startPageData(dataKey(firstPath, location.search), inlined);
  return { firstPath, data: inlined ?? fallbackData(firstPath) };
}

/** The app in the browser. */
export function App() {
  const [site] = useState(firstPage);
  return <SiteApp site={site} Router={BrowserRouterOfSite} />;
}

function BrowserRouterOfSite({ children }: { children: ReactNode }) {
  return <BrowserRouter future={routerFuture}>{children}</BrowserRouter>;
}

/**
 * The whole site under a router: the browser's (App) or the server's StaticRouter (entry-server.tsx),
 * so that both render the same tree and the browser hydrates what the server sent.
 */
export function SiteApp({ site, Router }: { site: SiteData; Router: ComponentType<{ children: ReactNode }> }) {
  const routes = useMemo(() => routesFor(site.data.founder?.slug ?? ''), [site]);
  return (
    <SiteDataProvider value={site}>
      <Router>
        <ScrollToTopOnRouteChange />
        <PageViews />
        <SiteRoutes routes={routes} />
      </Router>
    </SiteDataProvider>
  );
}

function SiteRoutes({ routes }: { routes: RouteEntry[] }) {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pageRoutes(routes, false)}
        <Route
          path="*"
          element={
            <>
              <DocumentTitle title={notFound.title} />
              <NotFound />
            </>
          }
        />
      </Route>
      <Route
        element={
          <Suspense fallback={<PageFallback />}>
            <AdminFrame />
          </Suspense>
        }
      >
        {pageRoutes(routes, true)}
      </Route>
    </Routes>
  );
}
