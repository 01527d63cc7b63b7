import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** SPEC §2: every route change starts at the top of the page (query-only changes, e.g. filters, do not). */
export function ScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
