// The SPA skeleton against the real binary: routing, titles, status codes, header and mobile menu.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { openWatchedPage, startStudioAndBrowser, stopStudioAndBrowser } from './harness.mjs';

const site = JSON.parse(readFileSync(new URL('../src/site.json', import.meta.url), 'utf8'));
const fullTitle = (title) => `${title} | ${site.studioName}`;

let studio;
let browser;

before(async () => ({ studio, browser } = await startStudioAndBrowser()));
after(() => stopStudioAndBrowser({ studio, browser }));

/** A fresh page in its own context; `check()` asserts no console errors and no off-machine requests. */
function openPage(viewport = { width: 1280, height: 800 }) {
  return openWatchedPage(browser, { viewport, baseURL: studio.baseUrl });
}

const mainNav = (page) => page.getByRole('navigation', { name: 'Main' }).first();

describe('foundation', () => {
  test('home loads with its title, one h1, header and footer', async () => {
    const { page, check } = await openPage();
    const response = await page.goto('/');
    assert.equal(response.status(), 200);
    assert.equal(await page.title(), fullTitle('Premium Interior Design in Hyderabad'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    assert.equal(await mainNav(page).getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current'), 'page');
    await page.getByRole('contentinfo').getByText(`© 2024–${new Date().getFullYear()} ${site.legalName}. All rights reserved.`).waitFor();
    await check();
  });

  test('a nav click changes route, title and current link, and starts at the top', async () => {
    const { page, check } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => document.querySelector('header')?.dataset.scrolled === 'true');

    await mainNav(page).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await page.waitForFunction((title) => document.title === title, fullTitle('About Us'));
    const about = mainNav(page).getByRole('link', { name: 'About', exact: true });
    assert.equal(await about.getAttribute('aria-current'), 'page');
    assert.equal(await mainNav(page).getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current'), null);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await check();
  });

  test('a deep link to a case study loads directly with its title', async () => {
    const { page, check } = await openPage();
    const response = await page.goto('/portfolio/timeless-luxury');
    assert.equal(response.status(), 200);
    assert.equal(await page.title(), fullTitle('Timeless Luxury Project'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await mainNav(page).getByRole('link', { name: 'Portfolio', exact: true }).getAttribute('aria-current'), 'page');
    await check();
  });

  test('an unknown path answers 404 and shows the not-found page', async () => {
    const { page, check } = await openPage();
    const response = await page.goto('/no-such-page');
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { level: 1, name: "This page isn't here" }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'See our portfolio' }).click();
    await page.waitForURL(`${studio.baseUrl}/portfolio`);
    // Chromium logs the document's own 404 as a console error; that status is what this test wants.
    await check((error) => error.text.includes('404') && error.url.endsWith('/no-such-page'));
  });

  test('the mobile menu opens and closes on a 375 px screen', async () => {
    const { page, check } = await openPage({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const openButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    assert.equal(await page.getByRole('banner').getByRole('navigation').isVisible(), false);

    await openButton.click();
    await menu.waitFor({ state: 'visible' });
    const closeButton = menu.getByRole('button', { name: 'Close menu' });
    assert.equal(await closeButton.evaluate((button) => button === document.activeElement), true);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await openButton.evaluate((button) => button === document.activeElement), true);

    await openButton.click();
    await menu.waitFor({ state: 'visible' });
    await closeButton.click();
    await menu.waitFor({ state: 'hidden' });

    await openButton.click();
    await menu.getByRole('link', { name: 'Portfolio', exact: true }).click();
    await page.waitForURL('**/portfolio');
    await menu.waitFor({ state: 'hidden' });
    await page.waitForFunction((title) => document.title === title, fullTitle('Portfolio'));
    await check();
  });
});
