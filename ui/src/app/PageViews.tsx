import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { countView, listenForTaps } from '../lib/beacon';

/**
 * Counts the first page and every route change after it (query-only changes are not new pages),
 * and the taps on contact links.
 */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(listenForTaps, []);
  useEffect(() => {
    countView(pathname);
  }, [pathname]);
  return null;
}
