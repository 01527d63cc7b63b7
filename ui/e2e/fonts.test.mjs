// What a page fetches before its first paint, and the web fonts (src/lib/webFonts.ts, src/main.tsx):
// a browser's first page paints with the stand-ins, fetches the app, its chunks and the fonts only
// after that paint, and no line moves until the visitor clicks; a page reloaded or reached from
// another page of the site uses the fonts from its first paint, nothing moves either, and nothing
// is stored on the device to know it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startStudio, watchPage } from './harness.mjs';

const PHONE = { width: 412, height: 823 };

describe('first paint and web fonts', () => {
  let studio;
  let browser;

  before(async () => {
    studio = await startStudio();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await studio?.stop();
  });

  test('a first visit paints without fonts or app, then swaps the fonts in at a click, and nothing shifts', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    // Before any of the page's own scripts: when the first paint happened, which requests had
    // started by then, every layout shift, and <html>'s class at each moment that matters.
    await context.addInitScript(() => {
      window.__first = { shifts: [], classAtParse: null };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name === 'first-paint') window.__first.paint = entry.startTime;
        }
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__first.shifts.push({ value: entry.value, recent: entry.hadRecentInput });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.__first.classAtParse = document.documentElement.className;
      });
    });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(studio.baseUrl + '/', { waitUntil: 'networkidle' });
    // The app has hydrated the page: the idle-time mobile menu is mounted.
    await page.locator('#mobile-menu').waitFor({ state: 'attached' });

    const { paint, requests } = await page.evaluate(() => ({
      paint: window.__first.paint,
      requests: performance
        .getEntriesByType('resource')
        .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
    }));
    assert.ok(paint > 0, 'the first paint was reported');
    const startedBy = (pattern) => requests.filter((r) => pattern.test(r.name));
    const fonts = startedBy(/\.woff2$/);
    const app = startedBy(/\/assets\/start-[\w-]+\.js$/);
    const home = startedBy(/\/assets\/Home-[\w-]+\.js$/);
    assert.equal(fonts.length, 3, JSON.stringify(requests));
    assert.equal(app.length, 1, JSON.stringify(requests));
    assert.equal(home.length, 1, JSON.stringify(requests));
    for (const r of [...fonts, ...app, ...home]) {
      assert.ok(r.start >= paint, `${r.name} started at ${r.start} ms, before the first paint at ${paint} ms`);
    }
    // Loaded, and not used while the visitor may be reading.
    await page.waitForFunction(() => [...document.fonts].filter((f) => f.status === 'loaded').length >= 3);
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('fonts')), false);
    const family = () => page.evaluate(() => getComputedStyle(document.querySelector('h1')).fontFamily);
    assert.match(await family(), /^"Cormorant fallback"/);

    // The first click swaps them in; a shift then follows an input, which CLS does not count.
    await page.locator('main h1').click();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('fonts')), true);
    assert.match(await family(), /^"Cormorant Garamond Variable"/);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
    const shifts = await page.evaluate(() => window.__first.shifts);
    assert.deepEqual(shifts.filter((s) => !s.recent), [], 'no shift without an input before it');

    // The same page reloaded, then another reached from it by a plain link: the browser has the
    // fonts, and uses them from the first paint (index.html's inline script); nothing shifts.
    const settled = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return {
          classAtParse: window.__first.classAtParse,
          family: getComputedStyle(document.querySelector('h1')).fontFamily,
          shifts: window.__first.shifts,
        };
      });
    for (const go of [
      () => page.reload({ waitUntil: 'networkidle' }),
      () => page.goto(studio.baseUrl + '/portfolio', { waitUntil: 'networkidle', referer: studio.baseUrl + '/' }),
    ]) {
      await go();
      const next = await settled();
      assert.match(next.classAtParse, /\bfonts\b/, `${page.url()}: the class was there before the page was parsed`);
      assert.match(next.family, /^"Cormorant Garamond Variable"/, page.url());
      assert.deepEqual(next.shifts, [], page.url());
    }
    // Nothing was stored to know it (docs/stats.md).
    assert.deepEqual(await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)]), [[], []]);
    assert.deepEqual(await context.cookies(), []);
    assert.deepEqual(watched.consoleErrors, []);
    await context.close();
  });
});
