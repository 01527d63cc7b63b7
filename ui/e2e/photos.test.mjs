// Photos as a phone takes them (issue 12), against the real release binary: a photo uploaded as a
// hero slide in the panel reaches the home page as WebP variants, and a phone picks a small one.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { signIn, startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

let studio;
let browser;
let dir;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-photos-'));
  ({ studio, browser } = await startStudioAndBrowser());
});

after(async () => {
  await stopStudioAndBrowser({ studio, browser });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a photo uploaded as a hero slide is served to a phone as a small WebP from srcset', async () => {
  // 3000 x 2000, taken sideways (EXIF orientation 6), with a GPS position.
  const photo = join(dir, 'IMG_0042.jpg');
  execFileSync('convert', ['-size', '3000x2000', 'gradient:#c9a27a-#1f2a36', '-quality', '92', photo]);
  execFileSync('exiftool', ['-q', '-overwrite_original', '-Orientation#=6', '-GPSLatitude=17.385', '-GPSLatitudeRef=N', '-Make=PhoneMaker', photo]);

  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: studio.baseUrl });
  const page = await admin.newPage();
  const watched = watchPage(page);
  await signIn(page);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  await page.getByRole('button', { name: 'Add a hero slide' }).click();
  const form = page.getByRole('form', { name: 'New Slide' });
  await form.getByLabel(/^Title/).fill('Courtyard at Dusk');
  const picker = form.locator('input[type=file]');
  assert.match(await picker.getAttribute('accept'), /image\/jpeg/);
  await picker.setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo) });
  const chosen = form.getByRole('img', { name: 'Photo, as chosen' });
  await chosen.waitFor();
  const url = await chosen.getAttribute('src');
  assert.match(url, /^\/media\/[0-9a-f]{32}\.jpg$/);
  await form.getByLabel('Order on the home page', { exact: true }).fill('-100');
  await form.getByRole('button', { name: 'Create Slide' }).click();
  await form.waitFor({ state: 'detached' });
  await admin.close();
  assert.deepEqual(watched, { consoleErrors: [], foreignRequests: [] });

  // The page HTML carries the variants and preloads the first slide.
  const html = await (await fetch(`${studio.baseUrl}/`)).text();
  const stem = url.slice(0, -4);
  assert.ok(html.includes(`${stem}-480.webp`), 'the page data lists the variants');
  assert.match(html, /<link rel="preload" as="image"[^>]* imagesrcset="[^"]*-800\.webp 800w/);

  // A 375 px phone at DPR 2 needs 750 device pixels: the 800 px WebP, never the JPEG.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, baseURL: studio.baseUrl });
  const visitor = await phone.newPage();
  const seen = watchPage(visitor);
  const requested = [];
  visitor.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await visitor.goto('/');
  await visitor.getByRole('heading', { level: 1, name: 'Courtyard at Dusk' }).waitFor();
  const hero = visitor.locator('section[aria-roledescription="carousel"] img').first();
  await visitor.waitForFunction(() => {
    const img = document.querySelector('section[aria-roledescription="carousel"] img');
    return img?.complete && img.naturalWidth > 0;
  });
  const current = await hero.evaluate((img) => img.currentSrc);
  assert.match(current, /-800\.webp$/, current);
  const [w, h] = await hero.evaluate((img) => [img.naturalWidth, img.naturalHeight]);
  assert.ok(h > w, `upright: ${w} x ${h}`);
  assert.ok(!requested.includes(url), 'the JPEG fallback is not fetched');
  assert.ok(!requested.some((p) => /-(1600|2400)\.webp$/.test(p)), requested.join(' '));
  const bytes = Buffer.from(await (await fetch(`${studio.baseUrl}${stem}-800.webp`)).arrayBuffer());
  assert.ok(!bytes.includes('PhoneMaker') && !bytes.includes('EXIF'), 'no metadata in the variant');
  await phone.close();
  assert.deepEqual(seen, { consoleErrors: [], foreignRequests: [] });
});
