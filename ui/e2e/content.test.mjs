// The owner's own work against the real release binary: a project created in the panel (with a
// gallery uploaded several files at once) appears on the site on a direct load and through
// client-side navigation; a rename redirects the old address; unpublishing makes it a 404; the
// list is reordered by keyboard; drafts open in a preview. The new admin screens are axe-clean.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PNG, assertAxeClean, openWatchedPage, signIn, startStudioAndBrowser, stopStudioAndBrowser } from './harness.mjs';

// Another photo (other pixels): the panel attaches the same photo only once.
const OTHER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGPQiFoARAwQCgAd5gSJoVLBMgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name, buffer = PNG) => ({ name, mimeType: 'image/png', buffer });

const site = JSON.parse(readFileSync(new URL('../src/site.json', import.meta.url), 'utf8'));

let studio;
let browser;
let admin;

before(async () => {
  ({ studio, browser } = await startStudioAndBrowser());
  admin = await openPage();
  await signIn(admin.page);
});

after(async () => {
  await admin?.context.close();
  await stopStudioAndBrowser({ studio, browser });
});

/** A fresh page in its own context; `check()` asserts no console errors and no off-machine requests. */
async function openPage() {
  const { page, context, check } = await openWatchedPage(browser, { viewport: { width: 1280, height: 800 }, baseURL: studio.baseUrl });
  const apiCalls = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The anonymous page-view beacon (docs/stats.md) is not a data call.
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/stats/view') apiCalls.push(url.pathname + url.search);
  });
  return { page, context, check, apiCalls };
}

/** Chromium reports every non-2xx load as a console error; these are the ones a test provokes. */
const refused = (status) => (error) => error.text.includes(`status of ${status}`);

const toasts = (page) => page.getByRole('region', { name: /Notifications/ });

async function openTab(page, name) {
  await page.goto(`/adminpanel?tab=${name.toLowerCase()}`);
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
}

const projectRow = (page, title) =>
  page.getByRole('list', { name: 'Projects' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The project list's titles, in order, as the panel shows them once it has loaded them (in one call). */
async function panelTitles(page) {
  const titles = page.getByRole('list', { name: 'Projects' }).getByRole('heading', { level: 3 });
  await titles.first().waitFor();
  return titles.allTextContents();
}

const TITLE = 'Lakeside Retreat';
const SLUG = 'lakeside-retreat';

describe('the owner edits the portfolio', () => {
  test('creates a project with sections and a gallery; it shows on a direct load and by client-side navigation', async () => {
    const { page } = admin;
    await openTab(page, 'Portfolio');
    await projectRow(page, 'Modern Serenity').waitFor();
    await assertAxeClean(page, 'Portfolio list');

    await page.getByRole('button', { name: 'Add Project' }).click();
    const form = page.getByRole('form', { name: 'New Project' });
    await form.getByLabel(/^Title/).fill(TITLE);
    await form.getByLabel('Headline').fill('Lakeside Retreat: Timber, Water and Light');
    await form.getByLabel('Category').selectOption('Hospitality');
    await form.getByLabel('Year').fill('2025');
    await form.getByLabel('Location').fill('Hyderabad, Telangana');
    await form.getByLabel('Tags').fill('Hospitality, Lake, Timber');
    await form.getByLabel('Description').fill('A lakeside guest house of timber decks and quiet rooms.');
    await form.getByLabel('Introduction').fill('The owners wanted guests to hear the water before they saw it.');
    await form.getByRole('button', { name: 'Add section' }).click();
    await form.getByLabel('Section 1 title', { exact: true }).fill('Arrival');
    await form.getByLabel('Point 1 of section 1', { exact: true }).fill('A timber boardwalk from the gate');
    await form.getByRole('button', { name: 'Add point to section 1' }).click();
    await form.getByLabel('Point 2 of section 1', { exact: true }).fill('A lobby open to the lake');

    // Several images at once, each with its alt text; then the cover.
    await form.locator('input[type=file][multiple]').setInputFiles([png('deck.png'), png('room.png', OTHER_PNG)]);
    await form.getByLabel('Alt text of image 2', { exact: true }).waitFor();
    await form.getByLabel('Alt text of image 1', { exact: true }).fill('Timber deck over the lake at dusk');
    await form.getByLabel('Alt text of image 2', { exact: true }).fill('Guest room with a window onto the water');
    await form.getByRole('button', { name: 'Move image 2 up' }).click();
    await form.locator('input[type=file]:not([multiple])').setInputFiles(png('cover.png'));
    await form.getByRole('img', { name: 'Cover photo, as chosen' }).waitFor();
    await form.getByLabel('Published (shown on the site)').check();
    await assertAxeClean(page, 'New Project form');
    await form.getByRole('button', { name: 'Create Project' }).click();
    await toasts(page).getByText('Project created successfully').waitFor();
    await projectRow(page, TITLE).waitFor();
    // New work goes first.
    assert.equal((await panelTitles(page))[0], TITLE);

    // A direct load: the server's page, no API call.
    const visitor = await openPage();
    const response = await visitor.page.goto(`/portfolio/${SLUG}`);
    assert.equal(response.status(), 200);
    await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    assert.equal(await visitor.page.title(), `${TITLE} Project | ${site.studioName}`);
    const gallery = visitor.page.getByRole('region', { name: 'Gallery' }).getByRole('img');
    assert.deepEqual(await gallery.evaluateAll((imgs) => imgs.map((img) => img.alt)), [
      'Guest room with a window onto the water',
      'Timber deck over the lake at dusk',
    ]);
    await visitor.page.getByRole('heading', { name: 'Arrival' }).waitFor();
    await visitor.page.getByText('A lobby open to the lake').waitFor();
    assert.deepEqual(visitor.apiCalls, []);

    // Client-side navigation: from the home page to the portfolio and on to the case study, each
    // page's data fetched once, no document loaded.
    await visitor.page.goto('/');
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    const documents = [];
    visitor.page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await visitor.page.getByRole('navigation').getByRole('link', { name: 'Portfolio', exact: true }).first().click();
    await visitor.page.waitForURL('**/portfolio');
    const card = visitor.page.getByRole('link', { name: TITLE, exact: true });
    await card.click();
    await visitor.page.waitForURL(`**/portfolio/${SLUG}`);
    await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    assert.equal(await visitor.page.title(), `${TITLE} Project | ${site.studioName}`);
    assert.deepEqual(documents, []);
    assert.deepEqual(
      visitor.apiCalls.filter((call) => call.startsWith('/api/page-data')),
      ['/api/page-data?path=%2Fportfolio', `/api/page-data?path=%2Fportfolio%2F${SLUG}`],
    );
    // Back and forth again: from the visit's cache.
    await visitor.page.goBack();
    await visitor.page.waitForURL('**/portfolio');
    await visitor.page.goForward();
    await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    assert.equal(visitor.apiCalls.filter((call) => call.startsWith('/api/page-data')).length, 2);
    await visitor.check();
  });

  test('a renamed slug redirects the old address, on a direct load and from a stale link', async () => {
    const { page } = admin;
    await openTab(page, 'Portfolio');
    await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const form = page.getByRole('form', { name: 'Edit Project' });
    await form.getByLabel('Web address').fill('lakeside-guest-house');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toasts(page).getByText('Project saved successfully').waitFor();

    const old = await fetch(`${studio.baseUrl}/portfolio/${SLUG}`, { redirect: 'manual' });
    assert.equal(old.status, 301);
    assert.equal(new URL(old.headers.get('location'), studio.baseUrl).pathname, '/portfolio/lakeside-guest-house');

    const visitor = await openPage();
    await visitor.page.goto(`/portfolio/${SLUG}`);
    await visitor.page.waitForURL('**/portfolio/lakeside-guest-house');
    await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // A link to the old address inside the app (client-side): the page follows the project.
    await visitor.page.goto('/contact');
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    await visitor.page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/portfolio/${SLUG}`);
    await visitor.page.waitForURL('**/portfolio/lakeside-guest-house');
    await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await visitor.check();
  });

  test('an unpublished project is a 404 for visitors and opens in a preview for the owner', async () => {
    const { page, context } = admin;
    await openTab(page, 'Portfolio');
    await page.getByRole('button', { name: `Unpublish ${TITLE}` }).click();
    await toasts(page).getByText('Project unpublished').waitFor();
    await projectRow(page, TITLE).getByText('Inactive').waitFor();

    const visitor = await openPage();
    const response = await visitor.page.goto('/portfolio/lakeside-guest-house');
    assert.equal(response.status(), 404);
    await visitor.page.getByRole('heading', { name: "This page isn't here" }).waitFor();
    // Not on the portfolio either.
    await visitor.page.goto('/portfolio');
    await visitor.page.getByRole('heading', { name: 'Our Complete Portfolio' }).waitFor();
    assert.equal(await visitor.page.getByRole('link', { name: TITLE, exact: true }).count(), 0);
    await visitor.check(refused(404));

    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      projectRow(page, TITLE).getByRole('button', { name: /^Preview/ }).click(),
    ]);
    await preview.waitForURL(/\/portfolio\/lakeside-guest-house\?preview=/);
    await preview.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await preview.getByText('A lobby open to the lake').waitFor();
    await preview.close();
  });

  test('reorders projects by keyboard, announced, and the site follows the new order', async () => {
    const { page } = admin;
    await openTab(page, 'Portfolio');
    const before = await panelTitles(page);
    const second = before[1];
    const handle = page.getByRole('button', { name: new RegExp(`^Reorder ${second}`) });
    await handle.focus();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/portfolio-projects/order') && r.ok());
    await page.keyboard.press('ArrowUp');
    await saved;
    await page.getByTestId('sort-announcement').getByText(`${second} moved to position 1 of ${before.length}.`).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')?.split(',')[0]), `Reorder ${second}`);
    assert.deepEqual(await panelTitles(page), [second, before[0], ...before.slice(2)]);

    const visitor = await openPage();
    await visitor.page.goto('/portfolio');
    const grid = visitor.page.getByRole('region', { name: 'Our Complete Portfolio' }).getByRole('heading', { level: 3 });
    await grid.first().waitFor();
    assert.equal(await grid.first().textContent(), second);
    await visitor.check();

    // And by drag and drop: the last project's handle dropped on the row above it.
    const order = await panelTitles(page);
    const last = order.at(-1);
    const dropped = page.waitForResponse((r) => r.url().endsWith('/api/admin/portfolio-projects/order') && r.ok());
    await page
      .getByRole('button', { name: new RegExp(`^Reorder ${last}`) })
      .dragTo(projectRow(page, order.at(-2)));
    await dropped;
    assert.deepEqual(await panelTitles(page), [...order.slice(0, -2), last, order.at(-2)]);
  });

  test('deletes a project with Undo', async () => {
    const { page } = admin;
    await openTab(page, 'Portfolio');
    await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await toasts(page).getByText('Project deleted').waitFor();
    await projectRow(page, TITLE).waitFor({ state: 'detached' });
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await toasts(page).getByText('Project restored').waitFor();
    await projectRow(page, TITLE).waitFor();
  });
});

describe('news and testimonials', () => {
  test('a news item added in the panel leads the home page carousel; both tabs are axe-clean', async () => {
    const { page } = admin;
    await openTab(page, 'News');
    await page.getByRole('list', { name: 'News items' }).waitFor();
    await assertAxeClean(page, 'News list');
    await page.getByRole('button', { name: 'Add News Item' }).click();
    const form = page.getByRole('form', { name: 'New News Item' });
    await form.getByLabel(/^Title/).fill('Our Lakeside Retreat Opens');
    await form.getByLabel(/^Date/).fill('2025-01-10');
    await form.getByRole('group', { name: 'Block 1: Paragraph' }).getByLabel('Paragraph', { exact: true }).fill('Guests arrive this month at our first lakeside project.');
    await assertAxeClean(page, 'New News Item form');
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await toasts(page).getByText('News item created successfully').waitFor();

    await openTab(page, 'Testimonials');
    await page.getByRole('list', { name: 'Testimonials' }).waitFor();
    await assertAxeClean(page, 'Testimonials list');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    await assertAxeClean(page, 'New Testimonial form');
    await page.getByRole('button', { name: 'Cancel' }).click();

    const visitor = await openPage();
    await visitor.page.goto('/');
    const news = visitor.page.getByRole('region', { name: 'News and thoughts' });
    await news.scrollIntoViewIfNeeded();
    const active = news.locator('[data-active="true"]');
    await active.getByRole('heading', { name: 'Our Lakeside Retreat Opens' }).waitFor();
    assert.equal(await active.locator('time').textContent(), 'Jan 10, 2025');
    await visitor.check();
  });
});
