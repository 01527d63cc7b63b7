import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { countView } from '../lib/beacon';

/** Counts the first page and every route change after it (query-only changes are not new pages). */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    countView(pathname);
  }, [pathname]);
  return null;
}
