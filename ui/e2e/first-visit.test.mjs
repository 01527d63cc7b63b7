// A first visit on a phone (issue 34), against the real binary with touch emulation: every tap target
// on every public page is at least 44 x 44 px and the footer ends within one and a half screens; the
// back-to-top button steps aside while the reader scrolls down; the portfolio filter brings its
// results into view and says how many it shows; photos open in a full-screen viewer (swipe, double-tap
// zoom, Escape, Back, focus returned); the not-found page speaks to visitors with status 404.
// The brand's typefaces on a first visit are fonts.test.mjs's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

/** The server's web address for a title of ASCII letters (src/site.rs). */
const asciiSlug = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const { routes } = readJson('../src/routes.json');
const founder = readJson('../src/content/pages.json').founder;
const seed = readJson('../src/content/seed.json');

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SMALL_PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const MIN_TARGET = 44;
// A link inside a sentence is exempt (WCAG 2.5.8's inline exception); everything else is measured.

const publicPaths = routes
  .filter((route) => !route.admin)
  .map((route) =>
    route.path
      .replace('{founderSlug}', founder.slug)
      // An article's address is made from its title (the seed's are plain ASCII); a project's is its slug.
      .replace(/^\/news\/\{slug\}$/, `/news/${asciiSlug(seed.news[0].title)}`)
      .replace('{slug}', seed.projects[0].slug),
  );

let studio;
let browser;

before(async () => ({ studio, browser } = await startStudioAndBrowser()));
after(() => stopStudioAndBrowser({ studio, browser }));

async function openPhone(device = PHONE, options = {}) {
  const context = await browser.newContext({ ...device, baseURL: studio.baseUrl, ...options });
  const page = await context.newPage();
  const watched = watchPage(page);
  return {
    context,
    page,
    /** `notFound`: the page was a 404, which Chromium logs as a console error of its own. */
    async done({ notFound = false } = {}) {
      const errors = watched.consoleErrors.filter((e) => !(notFound && e.text.includes('404')));
      assert.deepEqual(errors, [], 'console errors');
      assert.deepEqual(watched.foreignRequests, [], 'requests leaving this machine');
      await context.close();
    },
  };
}

/**
 * Every visible a, button, [role=button] and input whose box is under 44 x 44 px, each scrolled to
 * the middle of the screen first (lazy sections appear, carousels' hidden slides stay out).
 */
function smallTargets(page, min) {
  return page.evaluate(async (min) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await frame();
    }
    const inSentence = (el) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement?.closest('p, li, dd, span');
      return Boolean(block) && block.textContent.trim().length > el.textContent.trim().length + 3;
    };
    const small = [];
    for (const el of document.querySelectorAll('a[href], button, [role="button"], input:not([type="hidden"]), select, textarea')) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = el.getBoundingClientRect();
      // Visually hidden until focused (the skip link), or a carousel's slide off to the side.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= 0 || box.left >= window.innerWidth) continue;
      if (inSentence(el)) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName).trim().slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, min);
}

describe('a phone: tap targets and a footer that ends', () => {
  for (const path of [...publicPaths, '/portfolio?category=kitchens', '/no-such-page']) {
    test(`${path} at 390 px: every tap target at least 44 x 44 px, the footer within 1.5 screens, no words for developers`, async () => {
      const { page, done } = await openPhone();
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.deepEqual(await smallTargets(page, MIN_TARGET), [], `small tap targets on ${path}`);
      assert.equal(/\brouter\b/i.test(await page.evaluate(() => document.body.innerText)), false, `words for developers on ${path}`);
      const footer = await page.locator('footer').last().boundingBox();
      assert.ok(footer.height <= 1.5 * PHONE.viewport.height, `${path}: footer ${footer.height} px`);
      await done({ notFound: path === '/no-such-page' });
    });
  }

  test('at 360 x 740 the footer is at most 1110 px, and on a desktop it keeps the founder photo and three projects', async () => {
    const phone = await openPhone(SMALL_PHONE);
    await phone.page.goto('/');
    const footer = phone.page.locator('footer').last();
    await footer.scrollIntoViewIfNeeded();
    const box = await footer.boundingBox();
    assert.ok(box.height <= 1110, `footer ${box.height} px`);
    await phone.done();

    const desk = await openPhone({ viewport: { width: 1440, height: 900 } });
    await desk.page.goto('/');
    const deskFooter = desk.page.locator('footer').last();
    await deskFooter.locator('figure').getByText('Experience').waitFor();
    assert.equal(await deskFooter.getByRole('heading', { name: 'Projects' }).isVisible(), true);
    assert.equal(await deskFooter.locator('ul li a[href^="/portfolio/"]').filter({ visible: true }).count(), 3);
    await desk.done();
  });
});

/** A one-finger swipe from `from` to `to` (CSS px), as touch events through the DevTools protocol. */
async function swipe(page, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i += 1) {
    const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('photos full screen', () => {
  const study = seed.projects[0];
  const path = `/portfolio/${study.slug}`;

  test('a case-study photo opens in the viewer: swipe, arrow keys, double-tap zoom, focus kept inside, Escape and Back return focus to the photo', async () => {
    const { page, done } = await openPhone();
    await page.goto(path);
    const photos = page.getByRole('main').locator('a[aria-haspopup="dialog"]');
    assert.equal(await photos.count(), study.gallery.length);

    await photos.nth(1).tap();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    assert.equal(await viewer.getAttribute('aria-modal'), 'true');
    const counter = (n) => viewer.getByRole('heading', { name: `Photo ${n} of ${study.gallery.length}` });
    await counter(2).waitFor();
    await viewer.getByText(study.gallery[1].alt).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Close the photo viewer');
    await page.screenshot({ path: '/tmp/fv-viewer-open.png' });

    const stage = await viewer.locator('img').boundingBox();
    const middle = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
    await swipe(page, { x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y + 10 });
    await counter(3).waitFor();
    await viewer.getByText(study.gallery[2].alt).waitFor();
    await swipe(page, { x: middle.x - 120, y: middle.y }, { x: middle.x + 120, y: middle.y });
    await counter(2).waitFor();
    await page.keyboard.press('ArrowRight');
    await counter(3).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await counter(1).waitFor();
    await page.keyboard.press('ArrowLeft');
    await counter(study.gallery.length).waitFor();
    await page.keyboard.press('ArrowRight');
    await counter(1).waitFor();

    // Double tap zooms in at the finger, and out again.
    await page.touchscreen.tap(middle.x, middle.y);
    await page.touchscreen.tap(middle.x, middle.y);
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-viewer"]')?.dataset.scale === '2.5');
    await page.screenshot({ path: '/tmp/fv-viewer-zoomed.png' });
    // Zoomed, a swipe pans rather than turning the page.
    await swipe(page, { x: middle.x + 60, y: middle.y }, { x: middle.x - 60, y: middle.y });
    await counter(1).waitFor();
    await page.touchscreen.tap(middle.x, middle.y);
    await page.touchscreen.tap(middle.x, middle.y);
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-viewer"]')?.dataset.scale === '1');

    // Tab and Shift+Tab stay inside the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), true, key);
    }
    // The page behind does not scroll.
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).overflow), 'hidden');

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), await photos.nth(0).getAttribute('href'));
    assert.equal(new URL(page.url()).pathname, path);

    // Back closes it, and leaves the visitor on the case study.
    await photos.nth(3).focus();
    await page.keyboard.press('Enter');
    await counter(4).waitFor();
    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, path);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), await photos.nth(3).getAttribute('href'));
    await page.getByRole('heading', { level: 1, name: study.title }).waitFor();

    // The close button too.
    await photos.nth(0).tap();
    await viewer.getByRole('button', { name: 'Close the photo viewer' }).tap();
    await viewer.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, path);
    await done();
  });

  test('the viewer is not in the first load, and without JavaScript a photo is a link to the image', async () => {
    const { page, done } = await openPhone();
    const scripts = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto(path);
    assert.equal(scripts.filter((s) => /\/PhotoViewer-/.test(s)).length, 0, scripts.join(' '));
    await page.getByRole('main').locator('a[aria-haspopup="dialog"]').first().tap();
    await page.getByRole('dialog').waitFor();
    assert.equal(scripts.filter((s) => /\/PhotoViewer-/.test(s)).length, 1, scripts.join(' '));
    await done();

    const plain = await openPhone(PHONE, { javaScriptEnabled: false });
    await plain.page.goto(path, { waitUntil: 'load' });
    const link = plain.page.getByRole('main').locator('a[aria-haspopup="dialog"]').first();
    const href = await link.getAttribute('href');
    assert.equal(href, study.gallery[0].imageUrl);
    await link.click();
    await plain.page.waitForURL(`**${href}`);
    await plain.done();
  });
});

describe('the portfolio filter on a phone', () => {
  test('choosing a category brings its results into view and announces how many it shows; no hover wording', async () => {
    const { page, done } = await openPhone();
    await page.goto('/portfolio');
    await page.getByText('Choose a category to preview one of its projects.').waitFor();
    assert.equal(await page.getByText(/hover/i).count(), 0);
    const results = page.getByRole('heading', { name: 'Residential Projects' });
    const residential = seed.projects.filter((p) => p.category === 'Residential').length;

    await page.getByRole('link', { name: 'Residential' }).tap();
    await results.waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('portfolio-grid-heading')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 3;
    });
    await page.getByTestId('announcer').getByText(`Showing ${residential} Residential projects.`).waitFor();
    await page.screenshot({ path: '/tmp/fv-portfolio-results.png' });
    await done();
  });
});

describe('the not-found page', () => {
  test('speaks to visitors, offers the portfolio, services, contact and a search of the pages, with status 404', async () => {
    const { page, done } = await openPhone();
    const response = await page.goto('/an-old-link');
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { level: 1, name: "This page isn't here" }).waitFor();
    const main = page.getByRole('main');
    for (const [name, href] of [['See our portfolio', '/portfolio'], ['Our services', '/services'], ['Contact us', '/contact']]) {
      assert.equal(await main.getByRole('link', { name }).getAttribute('href'), href);
    }
    assert.equal(await page.getByText(/router/i).count(), 0, 'no words for developers');
    assert.equal(/router/i.test(await page.evaluate(() => document.body.innerText)), false);

    await main.getByRole('searchbox', { name: 'Or find a page by its title' }).fill('renovation');
    await main.getByRole('link', { name: 'Renovation Planning' }).tap();
    await page.waitForURL('**/services/renovation');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await done({ notFound: true });
  });
});
