// The journal (issue 32) in a real browser on a phone: /news and an article read whole with
// JavaScript off, 'View All Updates' on the home page reaches /news, and the before/after slider
// moves by touch and by keyboard (and stands as two photos side by side without JavaScript).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminToken, assertAxeClean, startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const PHOTO = '/images/hero-1.webp';
const OTHER = '/images/hero-2.webp';

const article = {
  title: 'Before and after: a 1970s bungalow in Banjara Hills',
  date: '2026-11-20',
  excerpt: 'A tired bungalow made light.',
  tags: ['Renovation'],
  cover: { url: PHOTO, alt: 'The new living room' },
  body: [
    { type: 'heading', level: 2, text: 'The brief' },
    { type: 'paragraph', text: 'The owners wanted *light* in every room, see [our work](/portfolio).' },
    { type: 'paragraph', text: 'We opened the old verandah to the garden.' },
    { type: 'image', url: OTHER, alt: 'The hall with its new skylight', caption: 'The hall today' },
    { type: 'beforeAfter', before: { url: PHOTO, alt: 'The kitchen before' }, after: { url: OTHER, alt: 'The kitchen after' }, caption: 'The kitchen' },
  ],
};

describe('the journal', () => {
  let studio;
  let browser;
  let slug;

  before(async () => {
    ({ studio, browser } = await startStudioAndBrowser());
    const token = await adminToken(studio.baseUrl);
    const created = await fetch(`${studio.baseUrl}/api/admin/news-items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(article),
    });
    assert.equal(created.status, 201, await created.clone().text());
    ({ slug } = await created.json());
  });

  after(() => stopStudioAndBrowser({ studio, browser }));

  test('with JavaScript off, /news and the article read whole', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, baseURL: studio.baseUrl });
    const page = await context.newPage();
    await page.goto('/news', { waitUntil: 'load' });
    await assert.doesNotReject(page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor());
    const list = await page.locator('body').innerText();
    assert.match(list, /Before and after: a 1970s bungalow/);
    assert.match(list, /A tired bungalow made light\./);
    await page.getByRole('link', { name: article.title }).click();
    await page.waitForURL(`**/news/${slug}`);
    const text = await page.locator('body').innerText();
    for (const words of ['The brief', 'The owners wanted light in every room', 'We opened the old verandah', 'The hall today', 'Back to journal', 'Contact us about a project like this']) {
      assert.ok(text.toLowerCase().includes(words.toLowerCase()), words);
    }
    // The before/after pair stands as two photos side by side.
    const pair = page.locator('[data-before-after="pair"] img');
    assert.equal(await pair.count(), 2);
    const [a, b] = await Promise.all([pair.nth(0).boundingBox(), pair.nth(1).boundingBox()]);
    assert.ok(Math.abs(a.y - b.y) < 2 && b.x > a.x, 'side by side');
    await page.screenshot({ path: '/tmp/journal-article-nojs.png', fullPage: true });
    await context.close();
  });

  test("'View All Updates' on the home page reaches /news", async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: studio.baseUrl });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto('/');
    const button = page.getByRole('link', { name: 'View All Updates' });
    await button.scrollIntoViewIfNeeded();
    await button.tap();
    await page.waitForURL('**/news');
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    await page.getByRole('link', { name: article.title }).waitFor();
    await page.screenshot({ path: '/tmp/journal-list.png', fullPage: true });
    await assertAxeClean(page, '/news');
    assert.deepEqual(watched.consoleErrors, []);
    await context.close();
  });

  test('the before/after slider moves by touch and by keyboard', async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: studio.baseUrl });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`/news/${slug}`);
    const slider = page.getByRole('slider', { name: /Before and after/ });
    await slider.scrollIntoViewIfNeeded();
    assert.equal(await slider.getAttribute('aria-valuenow'), '50');
    const frame = page.locator('[data-before-after="slider"] > div').first();
    const box = await frame.boundingBox();
    await page.touchscreen.tap(box.x + box.width * 0.2, box.y + box.height / 2);
    const touched = Number(await slider.getAttribute('aria-valuenow'));
    assert.ok(touched >= 15 && touched <= 25, `touch moved it to ${touched}`);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(Number(await slider.getAttribute('aria-valuenow')), touched + 5);
    await page.keyboard.press('End');
    assert.equal(await slider.getAttribute('aria-valuenow'), '100');
    await page.keyboard.press('Home');
    assert.equal(await slider.getAttribute('aria-valuenow'), '0');
    await page.screenshot({ path: '/tmp/journal-article.png', fullPage: true });
    await assertAxeClean(page, `/news/${slug}`);
    assert.deepEqual(watched.consoleErrors, []);
    await context.close();
  });

  test("the article's photos open full screen: 'n of m', the caption, Escape gives focus back", async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: studio.baseUrl });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`/news/${slug}`);
    const photo = page.locator('.article-body a[aria-haspopup="dialog"]').first();
    await photo.scrollIntoViewIfNeeded();
    await photo.tap();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    assert.match(await viewer.textContent(), /1 of 1/);
    assert.match(await viewer.textContent(), /The hall today/);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    assert.equal(await photo.evaluate((el) => el === document.activeElement), true);
    assert.deepEqual(watched.consoleErrors, []);
    await context.close();
  });
});
