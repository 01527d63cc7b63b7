// The owner writes a journal article on a phone (360 x 740, touch) against the real binary: a
// heading, two paragraphs, a photo with its caption and a before/after pair, scheduled ten minutes
// ahead on the studio's clocks. Before then visitors see nothing of it; with the server's clock
// moved past that minute (libfaketime, the server started again on the same data file: an article
// whose time passed while the server was stopped is published at the next start) it is on /news,
// on the home page and in the feed. The editor fits the screen, with 44 px targets and Save in reach.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { assertAxeClean, signIn, startStudio, startStudioAndBrowser, STUDIO_BIN, watchPage } from './harness.mjs';

const PHONE = { width: 360, height: 740 };
const PHOTO = readFileSync(new URL('../public/images/projects/bath-and-spa-1.webp', import.meta.url));
const TITLE = 'Before and after: a 1970s bungalow in Banjara Hills';
const SLUG = 'before-and-after-a-1970s-bungalow-in-banjara-hills';
/** The studio's zone as a new data file has it (the consultation settings' default). */
const ZONE = 'Asia/Kolkata';
// A dynamically linked binary names its loader in its first page; a static one (scripts/dist) does not.
const isStatic = (bin) => !readFileSync(bin).subarray(0, 4096).includes('ld-linux');
// libfaketime is an LD_PRELOAD library, which a static binary (the suite's release build) never
// loads: the server with the moved clock is then the same code's dynamic build, the one `cargo
// test` made (scripts/test names it in STUDIO_DYNAMIC_BIN).
const CLOCK_BIN = [STUDIO_BIN, process.env.STUDIO_DYNAMIC_BIN].find((bin) => bin && existsSync(bin) && !isStatic(bin));
const FAKETIME_LIB = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1'].find((path) => existsSync(path));

// Two servers on one data file: as it is, then with its clock moved.
const dir = mkdtempSync(join(tmpdir(), 'studio-journal-editor-'));
const dataFile = join(dir, 'studio.redb');
let studio;
let browser;
/** The server started again with its clock moved. */
let later;

before(async () => {
  ({ studio, browser } = await startStudioAndBrowser({ dataFile }));
});

after(async () => {
  await browser?.close();
  await later?.stop();
  await studio?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The day and time `minutes` from now on the studio's clocks, as the form's fields take them. */
function studioClock(minutes) {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

async function assertFits(page, where) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `${where}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('form button, form input[type=checkbox], form input[type=radio], form select')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || element.closest('[aria-hidden=true], .sr-only')) return false;
        const target = element.matches('input') && element.closest('label') ? element.closest('label').getBoundingClientRect() : box;
        return target.width < 43.5 || target.height < 43.5;
      })
      .map((element) => `${element.tagName} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`),
  );
  assert.deepEqual(small, [], `${where}: tap targets under 44 x 44 px`);
  // The action bar stays on screen wherever the form is scrolled to.
  const bar = await page.getByTestId('action-bar').boundingBox();
  assert.ok(bar && bar.y >= 0 && bar.y + bar.height <= PHONE.height, `${where}: the action bar is off screen (${JSON.stringify(bar)})`);
}

const block = (form, n) => form.getByRole('group', { name: new RegExp(`^Block ${n}: `) });

describe('the journal editor on a phone', () => {
  test('an article written on a 360 px phone, scheduled ten minutes ahead, is on /news, the home page and the feed at that time', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: studio.baseUrl, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const watched = watchPage(page);
    await signIn(page);
    // The feed's links are absolute: the owner has set the site's address (Settings).
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/admin/company-settings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('adminToken')}` },
        body: JSON.stringify({ settingKey: 'site_url', settingValue: 'https://studio.example' }),
      });
      return response.status;
    });
    assert.ok(saved < 300, `the site address was not saved (${saved})`);
    await page.goto('/adminpanel?tab=news');
    await page.getByRole('button', { name: 'Add News Item' }).tap();
    const form = page.getByRole('form', { name: 'New News Item' });
    await form.getByLabel(/^Title/).fill(TITLE);
    assert.equal(await form.getByLabel('Web address').inputValue(), SLUG, 'the web address is made from the title');

    // Block 1 is a paragraph to write in; the heading goes above it.
    await block(form, 1).getByLabel('Paragraph', { exact: true }).fill('The house had stood since 1974: dark rooms, a kitchen at the back.');
    await form.getByRole('button', { name: 'Heading', exact: true }).tap();
    await block(form, 2).getByLabel(/^Heading/).fill('The brief');
    await form.getByRole('button', { name: /^Move block 2 \(heading "The brief"\) up$/ }).tap();
    await form.getByRole('button', { name: 'Paragraph', exact: true }).tap();
    await block(form, 3).getByLabel('Paragraph', { exact: true }).fill('We opened it to the garden and gave the *kitchen* the light.');

    await form.getByRole('button', { name: 'Photo', exact: true }).tap();
    const photo = block(form, 4);
    await photo.locator('input[type=file]').setInputFiles({ name: 'hall.webp', mimeType: 'image/webp', buffer: PHOTO });
    await photo.getByRole('img', { name: 'Photo, as chosen' }).waitFor();
    await photo.getByLabel(/^Alt text of the photo/).fill('The hall, opened to the garden');
    await photo.getByLabel(/^Caption of the photo/).fill('The hall today');

    await form.getByRole('button', { name: 'Before and after', exact: true }).tap();
    const pair = block(form, 5);
    for (const side of ['Before', 'After']) {
      const chooser = pair.getByRole('group', { name: `${side} photo` });
      await chooser.locator('input[type=file]').setInputFiles({ name: `${side}.webp`, mimeType: 'image/webp', buffer: PHOTO });
      await chooser.getByRole('img').waitFor();
      await pair.getByLabel(new RegExp(`^Alt text of the ${side.toLowerCase()} photo`)).fill(`The kitchen ${side.toLowerCase()}`);
    }
    await pair.getByLabel('Caption (optional)', { exact: true }).fill('The kitchen, 1974 and now');

    const names = await form.getByTestId('block').evaluateAll((blocks) => blocks.map((b) => b.getAttribute('aria-label')));
    assert.deepEqual(names, ['Block 1: Heading', 'Block 2: Paragraph', 'Block 3: Paragraph', 'Block 4: Photo', 'Block 5: Before and after']);

    const { day, time } = studioClock(10);
    await form.getByLabel(/^Schedule/).check();
    await form.getByLabel(/^Publish on/).fill(day);
    await form.getByLabel(/^Publish at/).fill(time);
    await assertFits(page, 'the article editor');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await assertFits(page, 'the article editor, half way down');
    await assertAxeClean(page, 'the article editor');
    await form.getByRole('button', { name: 'Schedule', exact: true }).tap();
    await page.getByRole('region', { name: /Notifications/ }).getByText('News item created successfully').waitFor();
    const row = page.getByRole('list', { name: 'News items' }).getByRole('listitem').filter({ hasText: TITLE });
    assert.match(await row.getByTestId('article-status').textContent(), /^Scheduled for /);
    await context.close();
    assert.deepEqual(watched.consoleErrors, []);
    assert.deepEqual(watched.foreignRequests, []);

    // Not yet: the article is nowhere a visitor looks.
    const news = await (await fetch(`${studio.baseUrl}/news`)).text();
    assert.ok(!news.includes('Banjara Hills'), '/news shows the article before its time');
    const feed = await (await fetch(`${studio.baseUrl}/news/feed.xml`)).text();
    assert.match(feed, /<feed/, 'the feed is served');
    assert.ok(!feed.includes(SLUG), 'the feed has the article before its time');

    // Eleven minutes on, the server having been stopped over the minute: published at the start.
    assert.ok(FAKETIME_LIB, 'libfaketime is installed (apt-get install faketime)');
    assert.ok(CLOCK_BIN, `a dynamic build of studio for libfaketime: ${STUDIO_BIN} is static and STUDIO_DYNAMIC_BIN names none`);
    await studio.stop();
    // Only the wall clock moves: the runtime's timers keep real time.
    later = await startStudio({ dataFile, bin: CLOCK_BIN, env: { LD_PRELOAD: FAKETIME_LIB, FAKETIME: '+11m', DONT_FAKE_MONOTONIC: '1' } });
    const visitor = await browser.newContext({ viewport: PHONE, baseURL: later.baseUrl, hasTouch: true, isMobile: true });
    const reader = await visitor.newPage();
    await reader.goto('/news');
    await reader.getByRole('link', { name: TITLE }).first().waitFor();
    await reader.goto(`/news/${SLUG}`);
    await reader.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await reader.getByRole('heading', { name: 'The brief', level: 2 }).waitFor();
    await reader.getByText('The hall today').waitFor();
    await reader.goto('/');
    const carousel = reader.getByRole('region', { name: 'News and thoughts' });
    await carousel.scrollIntoViewIfNeeded();
    await carousel.getByRole('heading', { name: TITLE }).first().waitFor();
    await visitor.close();
    const published = await (await fetch(`${later.baseUrl}/news/feed.xml`)).text();
    assert.ok(published.includes(`https://studio.example/news/${SLUG}`), `the feed links the article:\n${published}`);
    assert.ok(published.includes('Banjara Hills'), 'the feed names the article');
  });
});
