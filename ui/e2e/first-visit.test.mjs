// A first visit on a phone (issue 34), against the real binary with touch emulation: every tap target
// on every public page is at least 44 x 44 px and the footer ends within one and a half screens; the
// back-to-top button steps aside while the reader scrolls down; the portfolio filter brings its
// results into view and says how many it shows; photos open in a full-screen viewer (swipe, double-tap
// zoom, Escape, Back, focus returned); the not-found page speaks to visitors with status 404.
// The brand's typefaces on a first visit are fonts.test.mjs's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startStudio, watchPage } from './harness.mjs';

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
  .map((route) => route.path.replace('{founderSlug}', founder.slug).replace('{slug}', seed.projects[0].slug));

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

async function openPhone(device = PHONE, options = {}) {
  const context = await browser.newContext({ ...device, baseURL: studio.baseUrl, ...options });
  const page = await context.newPage();
  const watched = watchPage(page);
  return {
    context,
    page,
    async done() {
      assert.deepEqual(watched.consoleErrors, [], 'console errors');
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
    test(`${path} at 390 px: every tap target at least 44 x 44 px, the footer within 1.5 screens`, async () => {
      const { page, done } = await openPhone();
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.deepEqual(await smallTargets(page, MIN_TARGET), [], `small tap targets on ${path}`);
      const footer = await page.locator('footer').last().boundingBox();
      assert.ok(footer.height <= 1.5 * PHONE.viewport.height, `${path}: footer ${footer.height} px`);
      await done();
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
    await deskFooter.getByText('15+').first().waitFor();
    assert.equal(await deskFooter.getByRole('heading', { name: 'Projects' }).isVisible(), true);
    assert.equal(await deskFooter.locator('ul li a[href^="/portfolio/"]').filter({ visible: true }).count(), 3);
    await desk.done();
  });
});
