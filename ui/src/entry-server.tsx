// The server bundle (vite.config.ts, `--ssr`): the studio binary runs it in QuickJS (src/render/) to
// render a public page's body with the same components the browser hydrates. Every call gets the
// page's path and its data; nothing is kept from one render to the next.
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom/server';
import { SiteApp } from './app/App';
import { clearImages, registerImages } from './lib/images';
import { startServerRender } from './lib/lazy';
import { clearPageData, dataKey, startPageData } from './lib/pageData';
import type { PageData } from './lib/site';
import { routerFuture } from './app/routes';

/**
 * The HTML of `<div id="app">` for the page at `path`, from the JSON its shell inlines. `path` may
 * carry the route's query (`/portfolio?category=kitchens&page=2`): the router sees it, and the
 * data is kept under the view's key, as the browser keeps it (lib/pageData.ts, `dataKey`).
 */
export async function render(path: string, json: string): Promise<string> {
  const data = JSON.parse(json) as PageData;
  const [pathname = path, search = ''] = path.split('?');
  startServerRender();
  clearPageData();
  clearImages();
  startPageData(dataKey(pathname, search), data);
  registerImages(data.images);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path} future={routerFuture}>
      {children}
    </StaticRouter>
  );
  return renderToStringAsync(<SiteApp site={{ firstPath: pathname, data }} Router={Router} />);
}
