// The owner's words on the fixed pages (issue 21, docs/page-records.md) against the real binary:
// the founder renamed (new address, the old one redirects, the about page's link follows); an about
// paragraph and a service page's list item edited (on a direct load and after client-side
// navigation); a founder slideshow photo replaced with its alt text; a brochure PDF uploaded and
// downloaded; an earlier version restored. The Pages editor and its History are axe-clean.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { PNG, assertAxeClean, openWatchedPage, signIn, startStudioAndBrowser, stopStudioAndBrowser } from './harness.mjs';

// A small real PDF (and the harness's real PNG): the server judges a file by its bytes, not its name.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

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
function openPage() {
  return openWatchedPage(browser, { viewport: { width: 1280, height: 800 }, baseURL: studio.baseUrl, acceptDownloads: true });
}

const toasts = (page) => page.getByRole('region', { name: /Notifications/ });

/** Opens a page record's editor in the Pages tab and answers its form. */
async function openEditor(key, title) {
  const { page } = admin;
  await page.goto(`/adminpanel?tab=pages&page=${key}`);
  const form = page.getByRole('form', { name: title });
  await form.waitFor();
  return form;
}

async function savePage(form) {
  await form.getByRole('button', { name: 'Save Page' }).click();
  await toasts(admin.page).getByText('Page saved successfully').waitFor();
}

/** A group (fieldset) by its legend, exactly. */
const group = (scope, name) => scope.getByRole('group', { name, exact: true });

describe('pages', () => {
  test('the owner renames the founder: a new address, the old one redirects, the about page follows', async () => {
    const form = await openEditor('founder', 'Founder');
    await form.getByLabel('Name', { exact: true }).fill('Meera Iyer');
    await form.getByRole('button', { name: 'Also change the address to /meera-iyer' }).click();
    assert.equal(await form.getByLabel('Address', { exact: true }).inputValue(), 'meera-iyer');
    await savePage(form);

    const { page, check } = await openPage();
    await page.goto('/meera-iyer');
    await page.getByRole('heading', { level: 1, name: /Meera Iyer/ }).waitFor();
    const old = await page.goto('/anjali-rao');
    assert.equal(new URL(page.url()).pathname, '/meera-iyer');
    const redirect = await old.request().redirectedFrom()?.response();
    assert.equal(redirect?.status(), 301);
    await page.getByRole('heading', { level: 1, name: /Meera Iyer/ }).waitFor();

    await page.goto('/about');
    const link = page.getByRole('main').getByRole('link', { name: 'Meera Iyer', exact: true });
    assert.equal(await link.getAttribute('href'), '/meera-iyer');
    await link.click();
    await page.waitForURL('**/meera-iyer');
    await page.getByRole('heading', { level: 1, name: /Meera Iyer/ }).waitFor();
    await check();
  });

  test('an about paragraph and a service list item, on a direct load and after client-side navigation', async () => {
    let form = await openEditor('about', 'About Us');
    const story = group(form, 'Our Story');
    await story.getByLabel('Paragraph 2', { exact: true }).fill('Today the studio is *twelve people* strong, in [Jubilee Hills](/contact).');
    await savePage(form);

    form = await openEditor('service-renovation', 'Renovation Planning');
    await form.getByLabel('Item 1', { exact: true }).fill('A survey of wiring, plumbing and damp before anything else');
    await savePage(form);

    const { page, check } = await openPage();
    await page.goto('/about');
    const main = page.getByRole('main');
    await main.getByText('twelve people', { exact: true }).waitFor();
    assert.equal(await main.getByText('twelve people', { exact: true }).evaluate((el) => el.tagName), 'EM');
    assert.equal(await main.getByRole('link', { name: 'Jubilee Hills' }).getAttribute('href'), '/contact');

    await page.goto('/services/renovation');
    await main.getByText('A survey of wiring, plumbing and damp before anything else').waitFor();

    // Client-side: from the home page through the navigation and the services grid.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await main.getByText('twelve people', { exact: true }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Our Services', exact: true }).click();
    await page.waitForURL('**/services');
    await main.getByRole('link', { name: /Learn More ?: Renovation Planning/ }).click();
    await page.waitForURL('**/services/renovation');
    await main.getByText('A survey of wiring, plumbing and damp before anything else').waitFor();
    await check();
  });

  test('a founder slideshow photo replaced, with its alt text', async () => {
    const form = await openEditor('founder', 'Founder');
    const photo = group(group(form, 'Photo 1'), 'Photo');
    await photo.locator('input[type=file]').setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: PNG });
    await photo.locator('img').first().waitFor();
    await photo.getByLabel('Alt text', { exact: true }).fill('Meera at the drawing table in the new studio');
    await savePage(form);

    const { page, check } = await openPage();
    await page.goto('/meera-iyer');
    const show = page.getByRole('region', { name: 'Meera Iyer at work' });
    const first = show.locator('img').first();
    assert.match(await first.getAttribute('src'), /^\/media\//);
    assert.equal(await first.getAttribute('alt'), 'Meera at the drawing table in the new studio');
    await check();
  });

  test('a brochure PDF uploaded; the download button downloads that PDF', async () => {
    const form = await openEditor('service-brochure', 'Download Our Brochure');
    const file = group(form, 'Brochure PDF');
    assert.equal(await file.locator('input[type=file]').getAttribute('accept'), 'application/pdf');
    await file.locator('input[type=file]').setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: PDF });
    await file.getByRole('link', { name: /brochure\.pdf/ }).waitFor();
    await savePage(form);

    const { page, check } = await openPage();
    await page.goto('/services/brochure');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Brochure' }).click()]);
    assert.deepEqual(await readFile(await download.path()), PDF);
    await check();
  });

  test('an earlier version of a page restored; the list, the editor and its history are axe-clean', async () => {
    const { page } = admin;
    await page.goto('/adminpanel?tab=pages');
    await page.getByRole('list', { name: 'Pages' }).waitFor();
    await assertAxeClean(page, 'Pages list');
    await openEditor('about', 'About Us');
    await assertAxeClean(page, 'Pages editor');
    await page.getByRole('button', { name: 'Show history' }).click();
    const versions = page.getByRole('list', { name: 'Versions of this page' });
    await versions.waitFor();
    // Version 1, the original content, is the last of the list.
    await versions.getByRole('button', { name: /^Compare the version of/ }).last().click();
    await page.getByRole('region', { name: 'This version compared with now' }).waitFor();
    await versions.getByRole('button', { name: /^Restore the version of/ }).last().click();
    await assertAxeClean(page, 'History');
    await page.getByRole('button', { name: 'Yes, restore it' }).click();
    await toasts(page).getByText('Version 1 restored').waitFor();

    const visitor = await openPage();
    await visitor.page.goto('/about');
    await visitor.page.getByRole('main').getByText(/Today our team of architects/).waitFor();
    assert.equal(await visitor.page.getByText('twelve people').count(), 0);
    await visitor.check();
  });
});
