import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ScrollToTopOnRouteChange } from '../components/layout/ScrollToTopOnRouteChange';
import NotFound from '../pages/NotFound';
import { AdminFrame } from './AdminFrame';
import { DocumentTitle } from './DocumentTitle';
import { Layout } from './Layout';
import { pages } from './pages';
import { notFound, routerFuture, routes } from './routes';

function pageRoutes(admin: boolean) {
  return routes
    .filter((route) => Boolean(route.admin) === admin)
    .map((route) => {
      const Page = pages[route.page];
      return (
        <Route
          key={route.path}
          path={route.path}
          element={
            <>
              <DocumentTitle title={route.title} />
              <Page routeKey={route.key ?? ''} />
            </>
          }
        />
      );
    });
}

export function App() {
  return (
    <BrowserRouter future={routerFuture}>
      <ScrollToTopOnRouteChange />
      <Routes>
        <Route element={<Layout />}>
          {pageRoutes(false)}
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
        <Route element={<AdminFrame />}>{pageRoutes(true)}</Route>
      </Routes>
    </BrowserRouter>
  );
}
