import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes, startApiServer, type ApiServer } from '../admin/testServer';
import { summaries } from '../test/projects';
import { imageInfo } from './images';
import { clearPageData, dataKey, loadPageData, primePageData } from './pageData';
import type { PageData } from './site';

// The real fetch against a real local HTTP server standing in for GET /api/page-data.
let server: ApiServer;

const portfolio: PageData = {
  settings: {},
  projects: summaries,
  footerProjects: summaries.slice(0, 3),
  images: { '/media/a.jpg': { width: 800, height: 600, placeholder: '', variants: [] } },
};

beforeEach(async () => {
  clearPageData();
  server = await startApiServer(
    routes({
      'GET /api/page-data?path=%2Fportfolio': () => ({ body: portfolio, headers: { ETag: '"p1"' } }),
      'GET /api/page-data?path=%2Fboom': () => ({ status: 500, body: { message: 'broken' } }),
    }),
  );
});

afterEach(async () => {
  await server.close();
});

const calls = () => server.requests.filter((r) => r.path.startsWith('/api/page-data'));

describe('page data', () => {
  it('answers the first page from what was inlined, without a call', async () => {
    primePageData('/', { settings: {}, heroSlides: [] });
    expect(await loadPageData('/')).toEqual({ status: 'ready', data: { settings: {}, heroSlides: [] } });
    expect(calls()).toHaveLength(0);
  });

  it('fetches another page once, shares the call, and keeps it for the visit', async () => {
    const [first, second] = await Promise.all([loadPageData('/portfolio'), loadPageData('/portfolio')]);
    expect(first).toEqual({ status: 'ready', data: portfolio });
    expect(second).toEqual(first);
    expect(await loadPageData('/portfolio')).toEqual(first);
    expect(calls()).toHaveLength(1);
    // Its images are known to Picture from then on.
    expect(imageInfo('/media/a.jpg')?.width).toBe(800);
  });

  it('reports an unknown or unpublished page as missing, and a failure as an error (asked again later)', async () => {
    expect(await loadPageData('/portfolio/nothing-here')).toEqual({ status: 'missing' });
    expect(await loadPageData('/boom')).toEqual({ status: 'error' });
    await loadPageData('/boom');
    expect(calls().filter((r) => r.path.endsWith('boom'))).toHaveLength(2);
  });

  it('keys the portfolio by its view and every other page by its pathname', () => {
    expect(dataKey('/portfolio', '?page=2&category=kitchens&utm_source=x')).toBe('/portfolio?category=kitchens&page=2');
    expect(dataKey('/portfolio', '?page=1')).toBe('/portfolio');
    expect(dataKey('/about', '?page=2')).toBe('/about');
    expect(dataKey('/news', '?page=2&tag=kitchens&utm_source=x')).toBe('/news?tag=kitchens&page=2');
  });
});
