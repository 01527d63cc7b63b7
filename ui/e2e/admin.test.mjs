// The owner's side against the real release binary: sign-in, the session guard, every tab, and
// edits that show on the public site's next load. Each page is checked for console errors,
// requests leaving the machine, and axe (WCAG 2 A/AA).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ADMIN_PASSWORD, ADMIN_USER, PNG, WCAG_20, assertAxeClean as assertAxeCleanBy, openWatchedPage, startStudio, startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

const site = JSON.parse(readFileSync(new URL('../src/site.json', import.meta.url), 'utf8'));
// What a new data file starts with.
const seed = JSON.parse(readFileSync(new URL('../src/content/seed.json', import.meta.url), 'utf8'));

let studio;
let browser;

// Playwright types faster than a person; without this its messages would be filed as spam.
before(async () => ({ studio, browser } = await startStudioAndBrowser({ env: { STUDIO_CONTACT_MIN_FILL: '1ms' } })));
after(() => stopStudioAndBrowser({ studio, browser }));

/** Chromium reports every non-2xx fetch as a console error; these are the ones a test provokes. */
const refused = (path, status) => (error) =>
  error.url.includes(path) && error.text.includes(`status of ${status}`);

/** A fresh page in its own context; `check()` asserts no console errors and no off-machine requests. */
function openPage({ viewport = { width: 1280, height: 800 }, server = studio } = {}) {
  return openWatchedPage(browser, { viewport, baseURL: server.baseUrl, acceptDownloads: true });
}

/** The panel's screens are checked against WCAG 2.0, A and AA. */
const assertAxeClean = (page, where) => assertAxeCleanBy(page, where, WCAG_20);

const toasts = (page) => page.getByRole('region', { name: /Notifications/ });

async function signIn(page, password = ADMIN_PASSWORD) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(ADMIN_USER);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function openPanel(page) {
  await signIn(page);
  await page.waitForURL('**/adminpanel');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/**
 * The computed layout and look of every element of the page the visitor sees (scripts and the
 * like left out), each named by its place in the tree, once the web fonts are in.
 */
async function computedLook(page) {
  await page.waitForFunction(() => document.documentElement.classList.contains('fonts'));
  await page.locator('footer').waitFor();
  // After a move within the app the sections below the hero are a chunk of their own: until it
  // arrives a screen-high placeholder holds their place (src/app/PageFallback.tsx).
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
  return page.evaluate(() => {
    const props = ['display', 'position', 'width', 'height', 'margin', 'padding', 'font-size', 'font-family',
      'font-weight', 'line-height', 'letter-spacing', 'text-transform', 'color', 'background-color', 'border-width',
      'border-color', 'border-radius', 'flex-direction', 'grid-template-columns', 'gap', 'visibility', 'top', 'left'];
    const hidden = new Set(['SCRIPT', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'STYLE']);
    const rows = [];
    const walk = (el, path) => {
      const style = getComputedStyle(el);
      rows.push(`${path} ${el.tagName}.${el.getAttribute('class') ?? ''} ${props.map((p) => style.getPropertyValue(p)).join('|')}`);
      [...el.children].filter((c) => !hidden.has(c.tagName)).forEach((c, i) => walk(c, `${path}/${i}`));
    };
    walk(document.body, 'body');
    return rows;
  });
}

/** A tab by its name; the Messages tab may add its unread count ('Messages, 2 unread'). */
const tab = (page, name) => page.getByRole('tab', { name: new RegExp(`^${name}(\\s*,\\s*\\d+ unread)?$`) });
const panel = (page) => page.getByRole('tabpanel');

/** What the server inlined for the public site on this load. */
const siteData = (page) => page.evaluate(() => JSON.parse(document.getElementById('site-data').textContent));

/** Loads the public home page in a page of its own, the way a visitor would after the edit. */
async function visitHome(context) {
  const visitor = await context.newPage();
  const watched = watchPage(visitor);
  await visitor.goto('/');
  await visitor.getByRole('heading', { level: 1 }).waitFor();
  return { visitor, watched };
}

describe('admin panel', () => {
  test('the panel without a token goes to the login page, which is axe-clean', async () => {
    const { page, check } = await openPage();
    await page.goto('/adminpanel');
    await page.waitForURL('**/admin-login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.title(), `Admin Login | ${site.studioName}`);
    await assertAxeClean(page, '/admin-login');
    await check();
  });

  test("the admin's stylesheet, still loaded after 'Back to the website', changes nothing on the home page", async () => {
    // The admin's utilities are their own stylesheet (src/admin/admin.css); a page reached from the
    // login within the app keeps it. On a phone, where the responsive classes decide the most.
    for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
      const { page, check } = await openPage({ viewport });
      await page.goto('/');
      const fresh = await computedLook(page);
      await page.goto('/admin-login');
      await page.getByRole('link', { name: 'Back to the website' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? ''));
      assert.equal(sheets.filter((href) => href.endsWith('.css')).length, 2, `the public and the admin's stylesheet: ${sheets}`);
      const afterAdmin = await computedLook(page);
      assert.deepEqual(afterAdmin.filter((row, i) => row !== fresh[i]).slice(0, 5), [], `at ${viewport.width} px`);
      assert.equal(afterAdmin.length, fresh.length);
      await check();
    }
  });

  test('login asks for both fields and shows the server message for a wrong password', async () => {
    const { page, check } = await openPage();
    await page.goto('/admin-login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toasts(page).getByText('Please enter both username and password.').waitFor();

    await signIn(page, 'not-the-password');
    await toasts(page).getByText('Login Failed').waitFor();
    await toasts(page).getByText('Invalid credentials').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('adminToken')), null);
    assert.ok(page.url().endsWith('/admin-login'));
    await check(refused('/api/admin/login', 401));
  });

  test('login succeeds, every tab is reachable by keyboard, and the panel is axe-clean', async () => {
    const { page, check } = await openPage();
    await openPanel(page);
    await toasts(page).getByText('Login successful. Welcome to the admin panel.').waitFor();
    assert.ok(await page.evaluate(() => localStorage.getItem('adminToken')));
    assert.equal(await page.getByRole('tablist').count(), 1);

    // Overview: the seeded data's counts.
    // The panel's own page data carries no slides (each page has only its own data).
    const seededSlides = seed.heroSlides.length;
    const count = (label) => panel(page).getByText(label, { exact: true }).locator('xpath=preceding-sibling::p');
    await page.waitForFunction(() => !document.querySelector('[role=tabpanel]')?.textContent?.includes('…'));
    assert.equal(await count('Hero slides').textContent(), String(seededSlides));
    assert.equal(await count('Messages').textContent(), '0');
    await assertAxeClean(page, '/adminpanel Overview');

    await tab(page, 'Overview').focus();

    const expected = [
      ['Hero Slides', 'Hero Slides'],
      ['Portfolio', 'Portfolio'],
      ['Messages', 'Messages'],
      ['Settings', 'Settings'],
      ['News', 'News'],
      ['Testimonials', 'Testimonials'],
    ];
    for (const [tabName, heading] of expected) {
      await page.keyboard.press('ArrowRight');
      assert.equal(await tab(page, tabName).getAttribute('aria-selected'), 'true');
      assert.equal(await tab(page, tabName).evaluate((el) => el === document.activeElement), true);
      const ring = await tab(page, tabName).evaluate((el) => getComputedStyle(el).outlineStyle);
      assert.notEqual(ring, 'none', `the focused ${tabName} tab shows a focus ring`);
      await panel(page).getByRole('heading', { level: 2, name: heading }).waitFor();
      await panel(page).locator('[role=status]').waitFor({ state: 'detached' });
      await assertAxeClean(page, `/adminpanel ${tabName}`);
    }

    // Portfolio: the projects with their state; as many as the Overview counted.
    await tab(page, 'Portfolio').click();
    const projects = panel(page).getByRole('list', { name: 'Projects' }).getByRole('listitem');
    await projects.first().waitFor();
    const projectCount = await projects.count();
    assert.ok(projectCount >= 6);
    assert.match(await projects.first().textContent(), /Active/);
    await tab(page, 'Overview').click();
    assert.equal(await count('Portfolio projects').textContent(), String(projectCount));

    // End selects the last tab, whichever tabs follow SPEC's five.
    await page.keyboard.press('End');
    assert.equal(await page.getByRole('tab').last().getAttribute('aria-selected'), 'true');
    await check();
  });

  test('the panel fits a 375 px phone', async () => {
    const { page, check } = await openPage({ viewport: { width: 375, height: 812 } });
    await openPanel(page);
    for (const name of ['Overview', 'Hero Slides', 'Portfolio', 'Settings', 'Visitors']) {
      // On a phone the tabs are a bar at the foot of the screen: four, and 'More' for the rest.
      const bar = page.getByTestId('phone-tabs');
      const direct = bar.getByRole('button', { name, exact: true });
      if (await direct.count()) await direct.click();
      else {
        await bar.getByRole('button', { name: /More/ }).click();
        await page.locator('#admin-more-sheet').getByRole('button', { name, exact: true }).click();
      }
      await panel(page).getByRole('heading', { level: 2 }).waitFor();
      await panel(page).locator('[role=status]').waitFor({ state: 'detached' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(overflow, 0, `${name} scrolls sideways on a phone`);
    }
    await assertAxeClean(page, '/adminpanel Settings at 375 px');
    await check();
  });

  test('a slide is created, edited, deleted and restored, and the home page follows', async () => {
    const { page, context, check } = await openPage();
    await openPanel(page);
    await page.getByRole('button', { name: 'Add a hero slide' }).click();
    const form = page.getByRole('form', { name: 'New Slide' });
    await form.getByLabel(/^Title/).fill('Garden Suite Retreat');
    await form.getByLabel('Subtitle', { exact: true }).fill('A quiet suite opening onto a courtyard garden.');
    // The photo is chosen with the picker, never typed.
    await form.locator('input[type=file]').setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('img', { name: 'Photo, as chosen' }).waitFor();
    await form.getByLabel('Button text', { exact: true }).fill('See the Work');
    await form.getByLabel('Button link', { exact: true }).fill('/portfolio');
    await form.getByLabel('Order on the home page', { exact: true }).fill('-1');
    await form.getByRole('button', { name: 'Create Slide' }).click();
    await toasts(page).getByText('Hero slide created successfully').waitFor();
    await form.waitFor({ state: 'detached' });
    const list = panel(page).getByRole('list', { name: 'Slides' });
    await list.getByRole('heading', { name: 'Garden Suite Retreat' }).waitFor();
    assert.equal(await list.getByRole('heading').first().textContent(), 'Garden Suite Retreat');

    let { visitor, watched } = await visitHome(context);
    assert.equal(await visitor.getByRole('heading', { level: 1 }).textContent(), 'Garden Suite Retreat');
    assert.equal((await siteData(visitor)).heroSlides[0].buttonText, 'See the Work');
    await visitor.close();

    // Edit: a new title, and inactive, so the home page no longer shows it.
    await page.getByRole('button', { name: 'Edit slide Garden Suite Retreat' }).click();
    const edit = page.getByRole('form', { name: 'Edit Slide' });
    assert.equal(await edit.getByLabel('Order on the home page', { exact: true }).inputValue(), '-1');
    await edit.getByLabel(/^Title/).fill('Garden Suite, Renewed');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toasts(page).getByText('Hero slide updated successfully').waitFor();
    await list.getByRole('heading', { name: 'Garden Suite, Renewed' }).waitFor();
    ({ visitor } = await visitHome(context));
    assert.equal(await visitor.getByRole('heading', { level: 1 }).textContent(), 'Garden Suite, Renewed');
    await visitor.close();

    await page.getByRole('button', { name: 'Edit slide Garden Suite, Renewed' }).click();
    await page.getByRole('form', { name: 'Edit Slide' }).getByLabel(/^Active/).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await list.getByRole('listitem').filter({ hasText: 'Garden Suite, Renewed' }).getByText('Inactive', { exact: true }).waitFor();
    ({ visitor } = await visitHome(context));
    assert.ok(!(await siteData(visitor)).heroSlides.some((s) => s.title === 'Garden Suite, Renewed'));
    await visitor.close();

    // Active again, then delete and undo.
    await page.getByRole('button', { name: 'Edit slide Garden Suite, Renewed' }).click();
    await page.getByRole('form', { name: 'Edit Slide' }).getByLabel(/^Active/).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await list.getByRole('listitem').filter({ hasText: 'Garden Suite, Renewed' }).getByText('Active', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete slide Garden Suite, Renewed' }).click();
    await toasts(page).getByText('Hero slide deleted successfully').waitFor();
    // The pointer resting on the toast keeps it open while the home page is checked in another tab.
    await toasts(page).getByRole('status').hover();
    await list.getByRole('heading', { name: 'Garden Suite, Renewed' }).waitFor({ state: 'detached' });
    ({ visitor } = await visitHome(context));
    assert.notEqual(await visitor.getByRole('heading', { level: 1 }).textContent(), 'Garden Suite, Renewed');
    await visitor.close();

    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await list.getByRole('heading', { name: 'Garden Suite, Renewed' }).waitFor();
    ({ visitor, watched } = await visitHome(context));
    assert.equal(await visitor.getByRole('heading', { level: 1 }).textContent(), 'Garden Suite, Renewed');
    const restored = (await siteData(visitor)).heroSlides[0];
    assert.equal(restored.subtitle, 'A quiet suite opening onto a courtyard garden.');
    assert.equal(restored.buttonLink, '/portfolio');
    assert.deepEqual(watched, { consoleErrors: [], foreignRequests: [] });
    await check();
  });

  test('an uploaded logo shows in the public header and footer', async () => {
    const { page, context, check } = await openPage();
    await openPanel(page);
    await page.getByRole('button', { name: 'Change the logo' }).click();
    const picker = page.getByLabel('Upload a logo file');
    assert.match(await picker.getAttribute('accept'), /^image\/jpeg,image\/png,image\/webp,/);
    await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    // The upload fills the form's Logo; Save Settings stores it with the rest.
    await page.waitForFunction(() => document.querySelector('img[alt="Company logo"]')?.getAttribute('src')?.startsWith('/media/'));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toasts(page).getByText('Settings saved successfully').waitFor();
    const preview = page.getByAltText('Company logo');
    const logoUrl = await preview.getAttribute('src');

    const { visitor, watched } = await visitHome(context);
    const headerLogo = visitor.getByRole('banner').locator('img').first();
    assert.equal(await headerLogo.getAttribute('src'), logoUrl);
    assert.equal(await visitor.getByRole('contentinfo').locator('img').first().getAttribute('src'), logoUrl);
    await visitor.waitForFunction((src) => {
      const img = document.querySelector(`header img[src="${src}"]`);
      return img?.complete && img.naturalWidth > 0;
    }, logoUrl);
    assert.deepEqual(watched, { consoleErrors: [], foreignRequests: [] });
    await check();
  });

  test('an edited phone number shows in the public footer', async () => {
    const { page, context, check } = await openPage();
    await openPanel(page);
    await tab(page, 'Settings').click();
    await page.getByLabel('Phone', { exact: true }).fill('+91 98765 43210');
    assert.equal(await page.getByLabel('Address', { exact: true }).evaluate((el) => el.tagName), 'TEXTAREA');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toasts(page).getByText('Settings saved successfully').waitFor();
    await page.getByTestId('dirty-state').getByText('No unsaved changes').waitFor();
    assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), '+91 98765 43210');

    const { visitor, watched } = await visitHome(context);
    await visitor.getByRole('contentinfo').getByText('+91 98765 43210').waitFor();
    assert.deepEqual(watched, { consoleErrors: [], foreignRequests: [] });
    await check();
  });

  test('a message sent through /contact is in the Messages tab', async () => {
    const { page, context, check } = await openPage();
    const visitor = await context.newPage();
    const watched = watchPage(visitor);
    await visitor.goto('/contact');
    await visitor.getByRole('textbox', { name: 'Name', exact: true }).fill('Meera Iyer');
    await visitor.getByRole('textbox', { name: 'Email', exact: true }).fill('meera@example.com');
    await visitor.getByRole('textbox', { name: 'Message', exact: true }).fill('We would like a calm, warm living room.\nCan we meet next week?');
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByRole('button', { name: 'Send Another Message' }).waitFor();
    assert.deepEqual(watched, { consoleErrors: [], foreignRequests: [] });
    await visitor.close();

    await openPanel(page);
    await tab(page, 'Messages').click();
    const message = panel(page).getByRole('article', { name: 'Message from Meera Iyer' });
    await message.waitFor();
    assert.equal(await message.getByRole('link', { name: 'meera@example.com' }).getAttribute('href'), 'mailto:meera@example.com');
    await message.getByText('Can we meet next week?').waitFor();
    const when = await message.locator('time').getAttribute('datetime');
    assert.ok(Math.abs(Date.parse(when) - Date.now()) < 10 * 60_000, `message date ${when} is not today`);
    await check();
  });

  test('the backup button downloads the data file', async (t) => {
    // The route comes with the operations work; until it is served this test has nothing to check.
    if ((await fetch(`${studio.baseUrl}/api/admin/backup`)).status === 404) {
      t.skip('GET /api/admin/backup is not served by this build');
      return;
    }
    const { page, check } = await openPage();
    await openPanel(page);
    await tab(page, 'Settings').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download backup' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.redb$/);
    const stream = await download.createReadStream();
    let size = 0;
    for await (const chunk of stream) size += chunk.length;
    assert.ok(size > 0);
    await check();
  });

  test('logout removes the token, toasts and goes to login', async () => {
    const { page, check } = await openPage();
    await openPanel(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/admin-login');
    await toasts(page).getByText('Logged out').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('adminToken')), null);
    await page.goto('/adminpanel');
    await page.waitForURL('**/admin-login');
    await check();
  });

  test('a tampered token is removed and the owner sent to login', async () => {
    const { page, check } = await openPage();
    await openPanel(page);
    await page.evaluate(() => localStorage.setItem('adminToken', `${localStorage.getItem('adminToken')}x`));
    await page.reload();
    await page.waitForURL('**/admin-login');
    await toasts(page).getByText('Session expired').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('adminToken')), null);
    await check(refused('/api/admin/verify', 401));
  });
});

describe('admin panel with its own server', () => {
  test('too many failed logins say how long to wait', async () => {
    const server = await startStudio();
    try {
      const { page, check } = await openPage({ server });
      const answers = [];
      for (let attempt = 0; attempt < 10 && !answers.includes(429); attempt++) {
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/api/admin/login')),
          signIn(page, `wrong-${attempt}`),
        ]);
        answers.push(response.status());
      }
      assert.ok(answers.includes(429), `no 429 after ${answers.length} attempts: ${answers}`);
      await toasts(page).getByText(/Too many sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\./).waitFor();
      await check(refused('/api/admin/login', 401), refused('/api/admin/login', 429));
    } finally {
      await server.stop();
    }
  });

  test('an expired session asks to sign in over the form, keeps the typing, then saves', async () => {
    const server = await startStudio({ env: { STUDIO_TOKEN_TTL: '2s' } });
    try {
      const { page, check } = await openPage({ server });
      await openPanel(page);
      await tab(page, 'Settings').click();
      await page.getByLabel('Phone', { exact: true }).waitFor();
      // Waits on the token's real expiry (the server's clock), asked every 250 ms.
      // Polled from here: a predicate returning a promise is not awaited by every waitForFunction.
      const verifyStatus = () =>
        page.evaluate(async () => {
          const token = localStorage.getItem('adminToken');
          const response = await fetch('/api/admin/verify', { headers: { Authorization: `Bearer ${token}` } });
          return response.status;
        });
      const deadline = Date.now() + 15_000;
      while ((await verifyStatus()) !== 401) {
        assert.ok(Date.now() < deadline, 'the 2 s token never expired');
        await page.waitForTimeout(250);
      }
      await page.getByLabel('Phone', { exact: true }).fill('+91 11111 11111');
      const expired = await page.evaluate(() => localStorage.getItem('adminToken'));
      await page.getByRole('button', { name: 'Save Settings' }).click();
      // A dialog over the form (ui/src/admin/access/SessionPrompts.tsx): the typing stays, nothing navigates.
      const dialog = page.getByRole('dialog', { name: 'Sign in again' });
      await dialog.waitFor();
      assert.ok(page.url().endsWith('/adminpanel?tab=settings'), page.url());
      assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), '+91 11111 11111');
      await dialog.getByLabel('Password').fill(ADMIN_PASSWORD);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      // The save is sent again with the new token (valid 2 s: at once).
      await toasts(page).getByText('Settings saved successfully').waitFor();
      assert.notEqual(await page.evaluate(() => localStorage.getItem('adminToken')), expired);
      await check(refused('/api/admin/verify', 401), refused('/api/admin/company-settings', 401), refused('/api/', 401));
    } finally {
      await server.stop();
    }
  });
});
