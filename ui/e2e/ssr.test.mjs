// Pages rendered in the server (src/render/): with JavaScript on, every public page hydrates the
// server's HTML without a warning, an error or a replaced element; with JavaScript off, every
// public page shows its words and the site can be walked by its links, the mobile menu included.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const { routes } = readJson('../src/routes.json');
const pageRecords = readJson('../src/content/pages.json');
const seed = readJson('../src/content/seed.json');

const caseStudy = `/portfolio/${seed.projects.find((p) => p.isActive).slug}`;
/** Every public page of the route table, one case study, and a path that is no page. */
const publicPaths = [
  ...routes
    .filter((route) => !route.admin && !route.path.includes('{slug}'))
    .map((route) => route.path.replace('{founderSlug}', pageRecords.founder.slug)),
  caseStudy,
  // One of the portfolio's filtered views: its own page in the server (the route's `query`).
  '/portfolio?category=kitchens',
  '/no-such-page',
];

const MOBILE = { width: 390, height: 844 };

describe('server-rendered pages', () => {
  let studio;
  let browser;

  before(async () => ({ studio, browser } = await startStudioAndBrowser()));
  after(() => stopStudioAndBrowser({ studio, browser }));

  test('every public page hydrates the server HTML: no warning, no error, no replaced element', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Before any of the app's scripts run (readyState 'interactive' comes after parsing and before
    // module scripts), keep the server's elements; and note every element removed afterwards.
    await context.addInitScript(() => {
      window.__ssr = { removed: [] };
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const app = document.getElementById('app');
        window.__ssr.app = app;
        window.__ssr.elements = app ? [...app.querySelectorAll('header, main, footer, h1, h2, img, a')] : [];
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              if (node.nodeType === 1) window.__ssr.removed.push(node.outerHTML.slice(0, 160));
            }
          }
        }).observe(app, { childList: true, subtree: true });
      });
    });
    for (const path of publicPaths) {
      const page = await context.newPage();
      const watched = watchPage(page);
      const warnings = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const response = await page.goto(studio.baseUrl + path, { waitUntil: 'networkidle' });
      assert.equal(response.status(), path === '/no-such-page' ? 404 : 200, path);
      // Let every effect of the first renders run.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
      const report = await page.evaluate(() => {
        const { app, elements, removed } = window.__ssr;
        return {
          rendered: elements.length,
          detached: elements.filter((el) => !el.isConnected).map((el) => el.outerHTML.slice(0, 160)),
          removed,
          sameApp: app === document.getElementById('app'),
          footer: Boolean(document.querySelector('#app footer')),
        };
      });
      assert.ok(report.rendered > 10, `${path}: the server sent the page's elements`);
      assert.ok(report.sameApp, path);
      assert.deepEqual(report.detached, [], `${path}: elements replaced by hydration`);
      assert.deepEqual(report.removed, [], `${path}: elements removed after hydration`);
      assert.ok(report.footer, `${path}: the footer stays`);
      // The not-found page's own 404 is the one error Chromium logs for it.
      const errors = watched.consoleErrors.filter((e) => !(path === '/no-such-page' && e.url === studio.baseUrl + path));
      assert.deepEqual(errors, [], path);
      assert.deepEqual(warnings, [], path);
      await page.close();
    }
    await context.close();
  });

  test('with JavaScript off every public page shows its words and its links work', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    const page = await context.newPage();
    for (const path of publicPaths) {
      const response = await page.goto(studio.baseUrl + path);
      assert.equal(response.status(), path === '/no-such-page' ? 404 : 200, path);
      const h1 = page.locator('#app h1').first();
      assert.ok(await h1.isVisible(), `${path}: its heading is shown`);
      assert.ok((await h1.innerText()).trim().length > 2, path);
      assert.ok(await page.locator('#app footer').isVisible(), `${path}: footer`);
      assert.equal(await page.getByText('JavaScript is turned off').count(), 0, `${path}: no fallback`);
      // Images keep their size in the HTML: nothing moves when they load.
      const unsized = await page.$$eval('#app img', (imgs) =>
        imgs.filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).map((img) => img.outerHTML.slice(0, 120)),
      );
      assert.deepEqual(unsized, [], `${path}: images without width and height`);
    }

    // The menu button needs JavaScript, so the header shows the main links instead, and they are
    // plain links: the whole site can be walked.
    await page.goto(studio.baseUrl + '/');
    assert.equal(await page.getByRole('button', { name: 'Open menu' }).isVisible(), false);
    const nav = page.locator('header nav[aria-label="Main"]');
    assert.ok(await nav.isVisible(), 'the main links are in the header');
    const labels = await nav.getByRole('link').allInnerTexts();
    assert.ok(labels.length >= 5, labels.join());
    for (const label of labels) {
      await page.goto(studio.baseUrl + '/');
      const link = page.locator('header nav[aria-label="Main"]').getByRole('link', { name: label, exact: true });
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL(studio.baseUrl + href);
      assert.ok(await page.locator('#app h1').first().isVisible(), `${href}: heading`);
    }
    // The portfolio's filters are links: each shows its projects without a script.
    await page.goto(studio.baseUrl + '/portfolio');
    await page.locator('#app main').getByRole('link', { name: 'Hospitality', exact: true }).click();
    await page.waitForURL(studio.baseUrl + '/portfolio?category=hospitality');
    assert.ok(await page.getByRole('heading', { level: 2, name: 'Hospitality Projects' }).isVisible());
    // A project from the portfolio, and back home through the logo.
    await page.goto(studio.baseUrl + '/portfolio');
    await page.locator(`#app main a[href="${caseStudy}"]`).first().click();
    await page.waitForURL(studio.baseUrl + caseStudy);
    assert.ok(await page.locator('#app h1').first().isVisible());
    await context.close();
  });
});
