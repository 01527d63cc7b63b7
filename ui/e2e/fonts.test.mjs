// What a page fetches before its first paint, and the web fonts (src/lib/webFonts.ts, src/main.tsx):
// a browser's first page paints with the stand-ins and fetches the app, its chunks and the fonts
// only after that paint; with no input, the headline and the text are then drawn in the web fonts
// as soon as they have arrived, and the swap moves next to nothing (CLS under 0.02). A page
// reloaded or reached from another page of the site uses the fonts from its first paint, nothing
// moves, and nothing is stored on the device to know it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

// Lighthouse's phone, where a headline that wraps differently in the two faces moves the most.
const PHONE = { width: 412, height: 823 };
// The bound under Lighthouse's throttling; on loopback the fonts are in far sooner.
const FONTS_BY_MS = 2500;
const CLS_LIMIT = 0.02;

/** Before any of the page's own scripts: the first paint, every layout shift, and <html>'s class. */
function observeFirstPaint() {
  window.__first = { shifts: [], classAtParse: null, fontsAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-paint') window.__first.paint = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__first.shifts.push({ value: entry.value, recent: entry.hadRecentInput, at: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // The init script may run before <html> exists: watch the document for it and its class.
  const seeClass = () => {
    if (window.__first.fontsAt === null && document.documentElement?.classList.contains('fonts')) {
      window.__first.fontsAt = performance.now();
    }
  };
  seeClass();
  new MutationObserver(seeClass).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') window.__first.classAtParse = document.documentElement.className;
  });
}

/**
 * The families the browser actually drew the page's <h1> and its first paragraph of running text
 * with, as DevTools reports them (a computed `font-family` only names what was asked for).
 */
async function drawnFamilies(page) {
  await page.evaluate(() => {
    const text = [...document.querySelectorAll('main p')].find((p) => p.textContent.trim().length > 40);
    text?.setAttribute('data-font-probe', '');
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const families = async (selector) => {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      assert.ok(nodeId, `${page.url()}: no ${selector}`);
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((f) => f.familyName);
    };
    return { h1: await families('main h1'), text: await families('[data-font-probe]') };
  } finally {
    await cdp.detach();
  }
}

const CASE_STUDY = '/portfolio/timeless-luxury';

describe('first paint and web fonts', () => {
  let studio;
  let browser;

  before(async () => ({ studio, browser } = await startStudioAndBrowser()));
  after(() => stopStudioAndBrowser({ studio, browser }));

  for (const path of ['/', '/about', CASE_STUDY]) {
    test(`a first visit to ${path} paints without fonts or app, then draws in the web fonts with no input, and CLS stays under ${CLS_LIMIT}`, async () => {
      const context = await browser.newContext({ viewport: PHONE });
      await context.addInitScript(observeFirstPaint);
      const page = await context.newPage();
      const watched = watchPage(page);
      await page.goto(studio.baseUrl + path, { waitUntil: 'load' });
      assert.equal(
        await page.evaluate(() => window.__first.classAtParse),
        '',
        'a first visit paints with the stand-ins',
      );
      // No click, no key, no scroll: the page swaps the fonts in by itself.
      await page.waitForFunction(() => window.__first.fontsAt !== null, null, { timeout: FONTS_BY_MS * 4 });
      // Two frames for the swap to be drawn and its shifts reported.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 200)))));
      const drawn = await drawnFamilies(page);
      assert.deepEqual(drawn.h1.filter((f) => !/Cormorant Garamond/.test(f)), [], `${path} <h1>: ${drawn.h1}`);
      assert.deepEqual(drawn.text.filter((f) => !/Manrope/.test(f)), [], `${path} text: ${drawn.text}`);

      await page.waitForLoadState('networkidle');
      const { paint, fontsAt, shifts, requests } = await page.evaluate(() => ({
        ...window.__first,
        requests: performance.getEntriesByType('resource').map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
      }));
      assert.ok(paint > 0, 'the first paint was reported');
      assert.ok(fontsAt < FONTS_BY_MS, `${path}: the web fonts were put first at ${fontsAt} ms`);
      const startedBy = (pattern) => requests.filter((r) => pattern.test(r.name));
      const fonts = startedBy(/\.woff2$/);
      const app = startedBy(/\/assets\/start-[\w-]+\.js$/);
      assert.ok(fonts.length >= 2, JSON.stringify(requests));
      assert.equal(app.length, 1, JSON.stringify(requests));
      for (const r of [...fonts, ...app]) {
        assert.ok(r.start >= paint, `${r.name} started at ${r.start} ms, before the first paint at ${paint} ms`);
      }
      assert.deepEqual(shifts.filter((s) => s.recent), [], 'no input was given');
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      assert.ok(cls < CLS_LIMIT, `${path}: CLS ${cls} across the swap: ${JSON.stringify(shifts)}`);
      assert.deepEqual(watched.consoleErrors, []);
      await context.close();
    });
  }

  test('a page reloaded, or reached from another page of the site, uses the fonts from its first paint; nothing is stored', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(observeFirstPaint);
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(studio.baseUrl + '/', { waitUntil: 'networkidle' });
    await page.waitForFunction(() => window.__first.fontsAt !== null);

    for (const go of [
      () => page.reload({ waitUntil: 'networkidle' }),
      () => page.goto(studio.baseUrl + CASE_STUDY, { waitUntil: 'networkidle', referer: studio.baseUrl + '/' }),
    ]) {
      await go();
      const next = await page.evaluate(async () => {
        await document.fonts.ready;
        return { classAtParse: window.__first.classAtParse, shifts: window.__first.shifts };
      });
      assert.match(next.classAtParse, /\bfonts\b/, `${page.url()}: the class was there before the page was parsed`);
      const drawn = await drawnFamilies(page);
      assert.deepEqual(drawn.h1.filter((f) => !/Cormorant Garamond/.test(f)), [], `${page.url()} <h1>: ${drawn.h1}`);
      assert.deepEqual(drawn.text.filter((f) => !/Manrope/.test(f)), [], `${page.url()} text: ${drawn.text}`);
      assert.deepEqual(next.shifts, [], page.url());
    }
    // Nothing was stored to know it (docs/stats.md).
    assert.deepEqual(await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)]), [[], []]);
    assert.deepEqual(await context.cookies(), []);
    assert.deepEqual(watched.consoleErrors, []);
    await context.close();
  });
});
