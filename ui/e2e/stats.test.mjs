// Visitor statistics end to end: people browse (a full load, then navigation inside the app), a
// headless browser that says so is left out, and the owner reads the counts in the Visitors tab and
// the Overview; a tap on a case study's WhatsApp link is counted for that page. Checked for console errors, requests leaving the machine, cookies and axe.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { WCAG_20, adminToken, assertAxeClean, signIn, startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

// Headless Chromium's own user agent says HeadlessChrome and is counted as a robot, so the people
// here say what ordinary browsers say.
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let studio;
let browser;

before(async () => ({ studio, browser } = await startStudioAndBrowser()));
after(() => stopStudioAndBrowser({ studio, browser }));

const token = () => adminToken(studio.baseUrl);

/** Asks the server until today's views reach `views` (beacons go out when the browser is idle). */
async function waitForViews(views) {
  const auth = { Authorization: `Bearer ${await token()}` };
  for (let i = 0; i < 100; i++) {
    const report = await (await fetch(`${studio.baseUrl}/api/admin/stats?days=1`, { headers: auth })).json();
    if (report.days.at(-1).views >= views) return report;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  assert.fail(`the server never counted ${views} views`);
}

async function visitor(userAgent, viewport) {
  const context = await browser.newContext({ baseURL: studio.baseUrl, userAgent, viewport });
  const page = await context.newPage();
  const watched = watchPage(page);
  return { context, page, watched };
}

test('views and visitors are counted without cookies and shown to the owner', async () => {
  // A person on a desktop arrives from a search engine, then browses inside the app.
  const desk = await visitor(DESKTOP, { width: 1280, height: 800 });
  await desk.page.goto('/', { referer: 'https://www.google.com/' });
  await waitForViews(1);
  await desk.page.locator('a[href="/portfolio"]').first().click();
  await desk.page.waitForURL('**/portfolio');
  await desk.page.locator('a[href="/portfolio/modern-serenity"]').first().click();
  await desk.page.waitForURL('**/portfolio/modern-serenity');
  await waitForViews(3);
  assert.deepEqual(await desk.context.cookies(), [], 'no cookie');
  assert.deepEqual(await desk.page.evaluate(() => Object.keys(localStorage)), [], 'no stored id');

  // A second person, on a phone.
  const phone = await visitor(PHONE, { width: 390, height: 844 });
  await phone.page.goto('/about');
  await waitForViews(4);

  // Headless Chromium as it is: a robot, not counted.
  const robot = await browser.newContext({ baseURL: studio.baseUrl });
  const robotPage = await robot.newPage();
  await robotPage.goto('/contact');
  await robotPage.waitForLoadState('load');
  await robotPage.evaluate(() => new Promise((done) => requestIdleCallback(() => done(), { timeout: 2000 })));
  await robot.close();

  // The owner, in the desktop browser: the admin pages are not counted.
  await signIn(desk.page);
  await desk.page.getByText('Last 7 days: 4 views, 2 visitors, 0 messages.').waitFor();

  await desk.page.getByRole('tab', { name: 'Visitors', exact: true }).click();
  const panel = desk.page.getByRole('tabpanel');
  await panel.getByRole('heading', { name: 'Visitors' }).waitFor();
  await panel.getByRole('button', { name: '7 days' }).click();
  const perDay = panel.getByRole('table', { name: /per day/ });
  const today = perDay.getByRole('row').nth(1);
  assert.deepEqual(
    (await today.getByRole('cell').allTextContents()).map((text) => text.trim()),
    ['4', '2', '0'],
  );
  const pages = panel.getByRole('table').filter({ has: desk.page.getByRole('columnheader', { name: 'Page', exact: true }) });
  await pages.getByText('Modern Serenity', { exact: true }).waitFor();
  await pages.getByText('/portfolio/modern-serenity').waitFor();
  const referrers = panel.getByRole('table').filter({ has: desk.page.getByRole('columnheader', { name: 'Site', exact: true }) });
  await referrers.getByRole('cell', { name: 'google.com' }).waitFor();
  await panel.getByRole('button', { name: '365 days' }).click();
  assert.equal(await panel.getByRole('button', { name: '365 days' }).getAttribute('aria-pressed'), 'true');
  await perDay.getByRole('row').nth(365).waitFor();

  const report = await waitForViews(4);
  assert.equal(report.days.at(-1).visitors, 2);
  assert.deepEqual(report.devices, { phone: 1, tablet: 0, desktop: 1 });
  assert.deepEqual(report.referrers, [{ host: 'google.com', name: 'Google', visits: 1 }]);
  assert.ok(!report.pages.some((p) => p.path.startsWith('/admin')));

  await assertAxeClean(desk.page, 'the Visitors tab', WCAG_20);

  for (const { context, watched } of [desk, phone]) {
    await context.close();
    assert.deepEqual(watched.consoleErrors, []);
    assert.deepEqual(watched.foreignRequests, []);
  }
});

/** Asks the server until today's taps of `kind` reach `taps` (a tap goes out as a beacon). */
async function waitForTaps(kind, taps) {
  const auth = { Authorization: `Bearer ${await token()}` };
  for (let i = 0; i < 100; i++) {
    const report = await (await fetch(`${studio.baseUrl}/api/admin/stats?days=1`, { headers: auth })).json();
    const line = report.taps.find((t) => t.kind === kind);
    if (line.taps >= taps) return line;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  assert.fail(`the server never counted ${taps} ${kind} taps`);
}

test("a tap on a case study's WhatsApp link is counted for that page and shown to the owner", async () => {
  const saved = await fetch(`${studio.baseUrl}/api/admin/company-settings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ settingKey: 'company_whatsapp', settingValue: '+91 98480 22338' }),
  });
  assert.equal(saved.status, 200);

  const context = await browser.newContext({
    baseURL: studio.baseUrl,
    userAgent: PHONE,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  // WhatsApp is on the internet: the tab the link opens is answered here instead.
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto('/portfolio/modern-serenity');
  const link = page.getByRole('link', { name: /Chat on WhatsApp/ });
  await link.scrollIntoViewIfNeeded();
  const opened = context.waitForEvent('page');
  await link.tap();
  await (await opened).close();
  assert.deepEqual(await waitForTaps('whatsapp', 1), {
    kind: 'whatsapp',
    taps: 1,
    pages: [{ path: '/portfolio/modern-serenity', taps: 1 }],
  });
  assert.deepEqual(await context.cookies(), [], 'no cookie');

  // A client who found the studio through this case study, added by hand and won.
  const lead = await fetch(`${studio.baseUrl}/api/contacts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Ravi Kumar',
      phone: '98480 12345',
      stage: 'won',
      source: { landing: '/portfolio/modern-serenity', utmCampaign: 'diwali' },
    }),
  });
  assert.equal(lead.status, 201, await lead.text());

  // The owner, on the same phone: the tab names the kind, the count and the page.
  await signIn(page);
  await page.goto('/adminpanel?tab=visitors');
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: '7 days' }).click();
  const taps = panel.locator('dl').filter({ has: page.getByText('Book a consultation', { exact: true }) });
  await taps.getByText('1 tap, most from Modern Serenity (1)').waitFor();
  assert.equal(await taps.locator('dd').filter({ hasText: /^0 taps$/ }).count(), 4, 'the other kinds show none');
  const sources = panel.getByRole('list', { name: 'Enquiries and clients won by source' });
  // Two views of the case study today: the desktop visitor's of the first test and this one.
  await sources.getByRole('listitem').filter({ hasText: 'Modern Serenity · Landing page' }).getByText('2 views · 1 enquiry (50% of views) · 1 won').waitFor();
  await sources.getByRole('listitem').filter({ hasText: 'diwali · Campaign' }).getByText('1 enquiry · 1 won').waitFor();
  await assertAxeClean(page, 'the Visitors tab at 360 px');

  await context.close();
  assert.deepEqual(watched.consoleErrors, []);
  assert.deepEqual(watched.foreignRequests, []);
});
