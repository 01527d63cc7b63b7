import { lazy, Suspense, useMemo, useState } from 'react';
import { BrowserRouter, Route, Routes, useParams } from 'react-router-dom';
import { ScrollToTopOnRouteChange } from '../components/layout/ScrollToTopOnRouteChange';
import { type SiteData, SiteDataProvider } from '../lib/content';
import { startPageData } from '../lib/pageData';
import { fallbackData, readInlined } from '../lib/site';
import NotFound from '../pages/NotFound';
import { DocumentTitle } from './DocumentTitle';
import { Layout } from './Layout';
import { PageFallback } from './PageFallback';
import { PageViews } from './PageViews';
import { pages } from './pages';
import { notFound, routerFuture, routesFor, type RouteEntry } from './routes';

// Visitors never see the admin frame (nor the toaster it mounts at once), so it is not in the entry.
const AdminFrame = lazy(() => import('./AdminFrame').then((m) => ({ default: m.AdminFrame })));

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
      <DocumentTitle title={route.title} />
      {/* Keyed: moving from one case study to another starts the page afresh. */}
      <Page key={routeKey} routeKey={routeKey} />
    </>
  );
}

/** The first page's data: inlined by the server, or (the Vite dev server) the seed. */
function firstPage(): SiteData {
  const firstPath = location.pathname;
  const inlined = readInlined(document);
  startPageData(firstPath, inlined);
  return { firstPath, data: inlined ?? fallbackData(firstPath) };
}

export function App() {
  const [site] = useState(firstPage);
  const routes = useMemo(() => routesFor(site.data.founder?.slug ?? ''), [site]);
  return (
    <SiteDataProvider value={site}>
      <Router routes={routes} />
    </SiteDataProvider>
  );
}

function Router({ routes }: { routes: RouteEntry[] }) {
  return (
    <BrowserRouter future={routerFuture}>
      <ScrollToTopOnRouteChange />
      <PageViews />
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
    </BrowserRouter>
  );
}
