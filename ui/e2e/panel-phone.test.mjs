// The owner's panel on a phone (touch, 360 x 740 and 390 x 844) and on a desktop (1440 x 900),
// against the real binary: no sideways scroll on any tab or editor, toasts inside the screen, Save
// in reach from any scroll position, a refused save focusing its field (a gallery's alt text too),
// 44 px tap targets, a clash resolved with 'Keep mine', History naming the changed words, a web
// address from an accented title, and a new project first on the home page; axe on every tab. Every
// editor fits a 360 px phone (the Home page's included, its action bar inside the screen), as do a
// card's "⋯" menu and a message with a 300-character link, with 'More' never covered.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ADMIN_PASSWORD, ADMIN_USER, assertAxeClean, startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

const TABS = ['overview', 'slides', 'portfolio', 'messages', 'settings', 'news', 'testimonials', 'visitors', 'pages'];
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1440, height: 900 };
const PHOTO = readFileSync(new URL('../public/images/projects/bath-and-spa-1.webp', import.meta.url));

let studio;
let browser;

before(async () => ({ studio, browser } = await startStudioAndBrowser()));
after(() => stopStudioAndBrowser({ studio, browser }));

async function openPanel(viewport, touch) {
  const context = await browser.newContext({ viewport, baseURL: studio.baseUrl, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto('/admin-login');
  const password = page.locator('#admin-password');
  assert.equal(await page.locator('#admin-username').getAttribute('autocomplete'), 'username');
  assert.equal(await password.getAttribute('autocomplete'), 'current-password');
  await page.locator('#admin-username').fill(ADMIN_USER);
  await password.fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Show password' }).click();
  assert.equal(await password.getAttribute('type'), 'text', "'Show password' shows it");
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/adminpanel');
  const done = async () => {
    await context.close();
    // A refused save and a clash are answered 400 / 409 on purpose; Chromium logs each.
    assert.deepEqual(
      watched.consoleErrors.filter((error) => !/status of (400|409)/.test(error.text)),
      [],
    );
    assert.deepEqual(watched.foreignRequests, []);
  };
  return { page, done };
}

/** The page is never wider than the screen. */
async function assertNoSideways(page, where) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${where}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

/** Every visible control the owner taps is at least 44 x 44 px, and every checkbox big enough to see (24 px). */
async function assertTapTargets(page, where) {
  const tiny = await page.evaluate(() =>
    [...document.querySelectorAll('input[type=checkbox]')]
      .filter((box) => box.getBoundingClientRect().width > 0 && !box.closest('[aria-hidden=true], .sr-only'))
      .filter((box) => box.getBoundingClientRect().width < 23.5 || box.getBoundingClientRect().height < 23.5)
      .map((box) => `checkbox "${(box.closest('label')?.textContent ?? '').trim().slice(0, 40)}"`),
  );
  assert.deepEqual(tiny, [], `${where}: checkboxes under 24 x 24 px`);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], input[type=checkbox], input[type=radio], select, summary, [role=tab]')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width === 0 || style.visibility === 'hidden' || element.closest('[aria-hidden=true], .sr-only')) return false;
        // A link inside running text is sized by its words (WCAG 2.5.8's inline exception).
        if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') return false;
        // A checkbox is tapped through its label, which is the 44 px row.
        const target = element.matches('input') && element.closest('label') ? element.closest('label').getBoundingClientRect() : box;
        return target.width < 43.5 || target.height < 43.5;
      })
      .map((element) => `${element.tagName} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`),
  );
  assert.deepEqual(small, [], `${where}: tap targets under 44 x 44 px`);
}

async function openTab(page, tab) {
  await page.goto(tab === 'overview' ? '/adminpanel' : `/adminpanel?tab=${tab}`);
  await page.getByRole('tabpanel').waitFor();
  await page.getByRole('tabpanel').locator('h2').first().waitFor();
}

/** The toast is inside the visible screen. */
async function assertToastInView(page, text, where) {
  const toast = page.getByRole('region', { name: /Notifications/ }).getByText(text);
  await toast.waitFor();
  // Measured where it rests, after its 300 ms slide in.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity));
  const box = await toast.boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(box && box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width, `${where}: toast at ${JSON.stringify(box)}`);
}

/** The Save button is on screen at the top, the middle and the foot of the form. */
async function assertSaveInReach(page, name, where) {
  const { height } = page.viewportSize();
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  for (const y of [0, total / 3, (2 * total) / 3, total]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= height, `${where}: '${name}' off screen at scroll ${Math.round(y)}`);
  }
}

/**
 * The Save button is on screen wherever the owner scrolls within `form` (Settings: Backup, Account
 * and 'For your host' follow the form and are not part of it).
 */
async function assertSaveInReachOf(page, form, name, where) {
  const { height } = page.viewportSize();
  const { top, bottom } = await form.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
  });
  const last = Math.max(0, bottom - height);
  for (const y of [0, top, (top + last) / 2, last]) {
    await page.evaluate((at) => window.scrollTo(0, at), y);
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= height, `${where}: '${name}' off screen at scroll ${Math.round(y)}`);
  }
}

/** The element's box is within the screen's width (and, when `whole`, its height). */
async function assertInsideScreen(locator, where, whole = false) {
  const box = await locator.boundingBox();
  const { width, height } = locator.page().viewportSize();
  assert.ok(box && box.x >= 0 && box.x + box.width <= width + 0.5, `${where} at ${JSON.stringify(box)} on a ${width} px screen`);
  if (whole) assert.ok(box.y >= 0 && box.y + box.height <= height + 0.5, `${where} at ${JSON.stringify(box)}, ${height} px tall screen`);
}

/** Nothing lies over the middle of `locator`: a tap there reaches it. */
async function assertNotCovered(locator, where) {
  const reached = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
  assert.ok(reached, `${where} is covered`);
}

async function openPage(page, title) {
  await openTab(page, 'pages');
  await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
  await page.getByRole('form', { name: title }).waitFor();
}

describe('the panel on a phone', () => {
  for (const viewport of PHONES) {
    test(`${viewport.width} x ${viewport.height}: every tab and editor fits the screen, with 44 px targets`, async () => {
      const { page, done } = await openPanel(viewport, true);
      for (const tab of TABS) {
        await openTab(page, tab);
        await assertNoSideways(page, tab);
        await assertTapTargets(page, tab);
        if (viewport.width === 390) await assertAxeClean(page, `${tab} at 390`);
      }
      // The tabs are in reach of a thumb: four and 'More' at the foot of the screen.
      const bar = page.getByTestId('phone-tabs');
      const barBox = await bar.boundingBox();
      assert.ok(barBox.y + barBox.height >= viewport.height - 1, 'the tab bar sits at the foot of the screen');
      await bar.getByRole('button', { name: /More/ }).click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();

      // Editors: the home page, a long page, the founder, a project, a slide, a news item, a testimonial.
      for (const title of ['Home', 'About Us', 'Founder']) {
        await openPage(page, title);
        await assertNoSideways(page, title);
        await assertTapTargets(page, title);
        await assertSaveInReach(page, 'Save Page', title);
        await assertInsideScreen(page.getByTestId('action-bar'), `${title}: the action bar`);
        const narrowest = await page.evaluate(() =>
          Math.min(...[...document.querySelectorAll('form input[type=text], form textarea')].filter((e) => !e.disabled).map((e) => e.getBoundingClientRect().width)),
        );
        if (viewport.width === 390) assert.ok(narrowest >= 300, `${title}: a text box is ${narrowest} px wide`);
        if (viewport.width === 390) await assertAxeClean(page, `${title} editor at 390`);
      }
      for (const [tab, add] of [
        ['portfolio', 'Add Project'],
        ['slides', 'Add Slide'],
        ['news', 'Add News Item'],
        ['testimonials', 'Add Testimonial'],
      ]) {
        await openTab(page, tab);
        await page.getByRole('button', { name: add }).click();
        await page.getByRole('form').waitFor();
        await assertNoSideways(page, `${tab} form`);
        await assertTapTargets(page, `${tab} form`);
        if (viewport.width === 390) await assertAxeClean(page, `${tab} form at 390`);
      }
      await done();
    });
  }

  for (const viewport of PHONES) {
    test(`${viewport.width} x ${viewport.height}: a card's menu and a message with a 300-character link fit the screen; 'More' is never covered`, async () => {
      const { page, done } = await openPanel(viewport, true);
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));
      const call = (method, path, body) =>
        fetch(`${studio.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body && JSON.stringify(body) });

      await openTab(page, 'portfolio');
      const list = page.getByRole('list', { name: 'Projects' });
      const second = (await list.getByRole('heading', { level: 3 }).nth(1).textContent()).trim();
      await page.getByRole('button', { name: `More moves for ${second}` }).click();
      const toTop = page.getByRole('button', { name: `Move to top: ${second}` });
      await toTop.waitFor();
      await assertNoSideways(page, "a card's menu");
      await assertInsideScreen(toTop, "the menu's 'Move to top'");
      await assertTapTargets(page, "a card's menu");
      await page.getByRole('button', { name: `More moves for ${second}` }).click();

      const link = `https://example.com/${'a'.repeat(280)}`;
      const sent = await call('POST', '/api/contacts', { name: `Long Link ${viewport.width}`, email: 'long@example.in', message: `See ${link}` });
      assert.equal(sent.status, 201);
      const { id } = await sent.json();
      assert.equal((await call('PATCH', `/api/contacts/${id}`, { read: false })).status, 200);
      await openTab(page, 'messages');
      const message = page.getByRole('article', { name: `Message from Long Link ${viewport.width}` });
      await message.waitFor();
      await assertNoSideways(page, 'a message with a long link');
      await assertInsideScreen(message, 'the message');
      await assertTapTargets(page, 'messages with a long link');
      await message.getByRole('button', { name: /^Open/ }).first().click();
      await assertNoSideways(page, 'the open message with a long link');
      const more = page.getByTestId('phone-tabs').getByRole('button', { name: /More/ });
      await assertInsideScreen(more, "'More'", true);
      await assertNotCovered(more, "'More'");
      await more.click();
      await page.getByRole('button', { name: 'Visitors' }).click();
      await page.getByRole('heading', { name: 'Visitors', level: 2 }).waitFor();
      await done();
    });
  }

  test('390 x 844: the owner journey', async () => {
    const { page, done } = await openPanel(PHONES[1], true);

    // A long editor: saved at the foot and at the top, the toast in sight both times.
    await openPage(page, 'About Us');
    const paragraph = page.getByLabel('Paragraph 1', { exact: true });
    await paragraph.fill('We design calm homes in Hyderabad, one family at a time.');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Save Page', exact: true }).click();
    await assertToastInView(page, 'Page saved successfully', 'saved at the foot');
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    await openPage(page, 'About Us');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Heading').first().fill('A Studio of Light and Listening');
    await page.getByRole('button', { name: 'Save Page', exact: true }).click();
    await assertToastInView(page, 'Page saved successfully', 'saved at the top');

    // History in words: the paragraph by its label, the changed words marked.
    await page.getByRole('button', { name: 'Show history' }).click();
    const versions = page.getByRole('list', { name: 'Versions of this page' });
    await versions.getByText(/Our Story > Paragraphs > Paragraph 1/).waitFor();
    assert.equal(await versions.getByText(/ourStory|seed/).count(), 0, 'no field paths, no "seed"');
    await versions.getByText('Original content').waitFor();
    await versions.getByRole('button', { name: /^Compare the version of/ }).last().click();
    const comparison = page.getByTestId('comparison');
    await comparison.getByText('Our Story > Paragraphs > Paragraph 1').waitFor();
    assert.match((await comparison.locator('ins').allTextContents()).join(' '), /calm/);
    assert.ok((await comparison.locator('del').count()) > 0, 'removed words are marked');

    // A clash: another tab saves first; the owner keeps the typed words with 'Keep mine'.
    await page.reload();
    await page.getByRole('form', { name: 'About Us' }).waitFor();
    const other = await page.context().newPage();
    await other.goto('/adminpanel?tab=pages&page=about');
    await other.getByLabel('Paragraph 2', { exact: true }).fill('Saved from another tab.');
    await other.getByRole('button', { name: 'Save Page', exact: true }).click();
    await other.getByText('Page saved successfully').waitFor();
    await other.close();
    await page.getByLabel('Paragraph 1', { exact: true }).fill('Typed on the phone, not to be lost.');
    await page.getByRole('button', { name: 'Save Page', exact: true }).click();
    const clash = page.getByTestId('clash');
    await clash.getByText('Our Story > Paragraphs > Paragraph 2').waitFor();
    assert.equal(await page.getByLabel('Paragraph 1', { exact: true }).inputValue(), 'Typed on the phone, not to be lost.');
    await clash.getByRole('button', { name: 'Keep mine' }).click();
    await assertToastInView(page, 'Page saved successfully', 'Keep mine');
    await page.reload();
    assert.equal(await page.getByLabel('Paragraph 1', { exact: true }).inputValue(), 'Typed on the phone, not to be lost.');

    // A new project from an accented title, published with a photo missing its alt text.
    await openTab(page, 'portfolio');
    await page.getByRole('button', { name: 'Add Project' }).click();
    const form = page.getByRole('form', { name: 'New Project' });
    await form.getByLabel('Title').fill('Gachibowli Café');
    await form.locator('input[type=file][multiple]').setInputFiles({ name: 'room.webp', mimeType: 'image/webp', buffer: PHOTO });
    await form.getByLabel('Alt text of image 1').waitFor();
    await form.getByRole('button', { name: 'Use as cover: image 1' }).click();
    await form.getByText('Published (shown on the site)').click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    await assertToastInView(page, '1 field needs attention', 'a refused save');
    const alt = form.getByLabel('Alt text of image 1');
    assert.equal(await alt.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')), 'true', 'the alt text has the focus');
    await alt.fill('A sunlit café counter');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await assertToastInView(page, 'Project created successfully', 'created');
    const first = page.getByRole('list', { name: 'Projects' }).getByRole('heading', { level: 3 }).first();
    assert.equal(await first.textContent(), 'Gachibowli Café');
    await page.getByRole('button', { name: 'Edit Gachibowli Café' }).click();
    assert.equal(await page.getByLabel('Web address').inputValue(), 'gachibowli-cafe');
    await page.getByText(`${studio.baseUrl}/portfolio/gachibowli-cafe`).waitFor();

    const home = await (await fetch(`${studio.baseUrl}/`)).text();
    assert.equal(home.split('href="/portfolio/')[1]?.split('"')[0], 'gachibowli-cafe', 'the home page shows it first');
    await done();
  });

  test('360 x 740: Settings is one form, its refusal at the field and Save in reach', async () => {
    const { page, done } = await openPanel(PHONES[0], true);
    await openTab(page, 'settings');
    await assertSaveInReachOf(page, page.getByRole('form', { name: 'Logo and company details' }), 'Save Settings', 'Settings');
    const whatsapp = page.getByLabel('WhatsApp number', { exact: true });
    await whatsapp.fill('call me');
    await page.getByRole('button', { name: 'Save Settings', exact: true }).click();
    await assertToastInView(page, '1 field needs attention', 'a refused setting');
    assert.equal(await whatsapp.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')), 'true', 'the refused field has the focus');
    await assertNoSideways(page, 'a refused setting');
    await whatsapp.fill('+91 98480 12345');
    await page.getByRole('button', { name: 'Save Settings', exact: true }).click();
    await assertToastInView(page, 'Settings saved successfully', 'settings saved');
    await page.getByTestId('dirty-state').getByText('No unsaved changes').waitFor();
    // Back to no WhatsApp link, as the seed has it.
    await whatsapp.fill('');
    await page.getByRole('button', { name: 'Save Settings', exact: true }).click();
    await page.getByTestId('dirty-state').getByText('No unsaved changes').waitFor();
    await done();
  });
});

describe('a long list on a phone', () => {
  test('360 x 740: 30 testimonials open 24 at a time; Show more brings the rest; a move keeps every one', async () => {
    const { page, done } = await openPanel(PHONES[0], true);
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const call = (method, path, body) =>
      fetch(`${studio.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body && JSON.stringify(body) });
    const before = await (await call('GET', '/api/admin/testimonials')).json();
    for (let i = before.length; i < 30; i++) {
      assert.equal((await call('POST', '/api/admin/testimonials', { quote: 'Calm and careful.', name: `Client ${i}`, role: '', isActive: true })).status, 201);
    }
    await openTab(page, 'testimonials');
    const list = page.getByRole('list', { name: 'Testimonials' });
    await list.waitFor();
    assert.equal(await list.getByRole('heading', { level: 3 }).count(), 24);
    await page.getByText('24 of 30 shown').waitFor();
    await assertNoSideways(page, 'a long list');
    await assertTapTargets(page, 'a long list');
    // A move among the first 24 is saved with every id, those not shown included.
    const second = await list.getByRole('heading', { level: 3 }).nth(1).textContent();
    await page.getByRole('button', { name: `Move ${second} up` }).click();
    await page.waitForFunction(
      (name) => document.querySelector('[aria-label="Testimonials"] h3')?.textContent === name,
      second,
    );
    await page.waitForLoadState('networkidle');
    const after = await (await call('GET', '/api/admin/testimonials')).json();
    assert.equal(after.length, 30);
    assert.equal(after[0].name, second);
    await page.getByRole('button', { name: 'Show more testimonials' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Testimonials"] h3').length === 30);
    assert.equal(await page.getByRole('button', { name: 'Show more testimonials' }).count(), 0);
    await done();
  });
});

describe('the panel on a tablet', () => {
  test('768 x 1024 (touch): no sideways scroll, the action bar on screen, the saved message in sight', async () => {
    const { page, done } = await openPanel(TABLET, true);
    for (const tab of TABS) {
      await openTab(page, tab);
      await assertNoSideways(page, `${tab} at 768`);
    }
    await openPage(page, 'Founder');
    await assertNoSideways(page, 'Founder at 768');
    await assertSaveInReach(page, 'Save Page', 'Founder at 768');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.getByRole('button', { name: 'Save Page', exact: true }).click();
    await assertToastInView(page, 'Page saved successfully', 'saved at 768');

    await openTab(page, 'settings');
    await assertSaveInReachOf(page, page.getByRole('form', { name: 'Logo and company details' }), 'Save Settings', 'Settings at 768');
    await page.getByLabel('Tagline', { exact: true }).fill('Calm rooms, made to last');
    await page.getByRole('button', { name: 'Save Settings', exact: true }).click();
    await assertToastInView(page, 'Settings saved successfully', 'settings saved at 768');

    for (const [tab, add] of [
      ['portfolio', 'Add Project'],
      ['testimonials', 'Add Testimonial'],
    ]) {
      await openTab(page, tab);
      await page.getByRole('button', { name: add }).click();
      await page.getByRole('form').waitFor();
      await assertNoSideways(page, `${tab} form at 768`);
      await assertSaveInReachOf(page, page.getByRole('form'), 'Cancel', `${tab} form at 768`);
    }
    await done();
  });
});

describe('the panel on a desktop', () => {
  test('1440 x 900: every tab passes axe, and Save stays in reach in a long editor', async () => {
    const { page, done } = await openPanel(DESKTOP, false);
    for (const tab of TABS) {
      await openTab(page, tab);
      await assertNoSideways(page, tab);
      await assertAxeClean(page, `${tab} at 1440`);
    }
    await openPage(page, 'Founder');
    await assertSaveInReach(page, 'Save Page', 'Founder at 1440');
    await assertAxeClean(page, 'Founder editor at 1440');
    await openTab(page, 'portfolio');
    await page.getByRole('button', { name: 'Add Project' }).click();
    await assertAxeClean(page, 'project form at 1440');
    await done();
  });
});
