import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSiteData } from '../lib/content';
import { primePageData } from '../lib/pageData';
import type { PageData } from '../lib/site';

/**
 * A slug a record had before (`routeKey`) answers with the record (an article, a project): this
 * shows it at its address now, `ownPath(slug)`, with `data` primed so that the new address does not
 * ask again. The first page is left alone: the server redirected it already, and a draft's preview
 * keeps its own link.
 */
export function useOwnAddress(data: PageData, routeKey: string, slug: string | undefined, ownPath: (slug: string) => string): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { firstPath } = useSiteData();
  const target = slug && routeKey && slug !== routeKey && pathname !== firstPath ? ownPath(slug) : null;
  useEffect(() => {
    if (!target) return;
    primePageData(target, data);
    navigate(target, { replace: true });
  }, [target, data, navigate]);
}
