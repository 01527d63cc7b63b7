import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteDataProvider } from '../lib/content';
import type { RecordKey, Seo } from '../lib/pageTypes';
import { dataKey, usePageData } from '../lib/pageData';
import type { PageData } from '../lib/site';
import NotFound from '../pages/NotFound';
import { DocumentTitle } from './DocumentTitle';
import { PageFallback } from './PageFallback';

/**
 * Renders a page from its data (lib/pageData.ts): inlined on the first load, fetched once on
 * client-side navigation; its page records reach the components through lib/content.tsx. An unknown
 * or unpublished page is the not-found page.
 */
export function WithPageData({
  record,
  children,
}: {
  /** The page's own record: its SEO title names the tab after client-side navigation. */
  record?: Exclude<RecordKey, 'site'>;
  children: (data: PageData) => ReactNode;
}) {
  const { pathname, search } = useLocation();
  const state = usePageData(dataKey(pathname, search));
  if (state.status === 'loading') return <PageFallback />;
  if (state.status === 'missing') return <NotFound />;
  if (state.status === 'error') {
    return (
      <div className="pt-header">
        <section className="container-page section">
          <p role="alert" className="section-lead">
            This page could not be loaded. Check your connection and reload the page.
          </p>
        </section>
      </div>
    );
  }
  const seoTitle = record ? (state.data.pages?.[record] as { seo?: Seo } | undefined)?.seo?.title : undefined;
  return (
    <RouteDataProvider data={state.data}>
      {seoTitle && <DocumentTitle title={seoTitle} />}
      {children(state.data)}
    </RouteDataProvider>
  );
}
