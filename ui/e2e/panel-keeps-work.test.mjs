// Nothing the owner does on a phone is lost or published broken (360 x 740 and 390 x 844, touch,
// against the real binary): a PDF, or a PDF renamed .jpg, is refused at the field it was chosen for
// and never attached or published, and the same photo twice is attached once; words typed while a
// photo uploads are kept when it ends; after two tabs' saves clash, 'Keep mine' keeps only what this
// tab changed and takes the other's changes, and the box lists only the fields that really differ;
// moving a consultation asks first, naming the new time and saying the client will be told.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { adminToken, openWatchedPage, signIn, startStudioAndBrowser, stopStudioAndBrowser } from './harness.mjs';

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const PHOTO = readFileSync(new URL('../public/images/projects/bath-and-spa-1.webp', import.meta.url));
const OTHER_PHOTO = readFileSync(new URL('../public/images/projects/bath-and-spa-2.webp', import.meta.url));
// A small real PDF: the server judges a file by its bytes, and stores PDFs (the brochure).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let studio;
let browser;
let token;

before(async () => {
  ({ studio, browser } = await startStudioAndBrowser({ env: { STUDIO_CONTACT_MIN_FILL: '1ms' } }));
  token = await adminToken(studio.baseUrl);
});

after(() => stopStudioAndBrowser({ studio, browser }));

/** The admin API with the token, as JSON. */
async function call(method, path, body) {
  const response = await fetch(`${studio.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A signed-in phone; `done()` closes it and asserts no console error (but `allowed`) and no request off the machine. */
async function phone(viewport) {
  const { page, context, check } = await openWatchedPage(browser, { viewport, hasTouch: true, isMobile: true, baseURL: studio.baseUrl });
  await signIn(page);
  return { page, context, done: check };
}

/** Holds every upload until `release()`: what the owner does meanwhile is what a slow 4G upload allows. */
async function holdUploads(page) {
  let release;
  const gate = new Promise((open) => (release = open));
  await page.route('**/api/admin/media-files', async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

for (const viewport of PHONES) {
  describe(`${viewport.width} x ${viewport.height}`, () => {
    test('a PDF and a PDF renamed .jpg are refused at the field, nothing attached or published; the same photo twice is attached once', async () => {
      const { page, done } = await phone(viewport);
      const title = `Quiet Rooms ${viewport.width}`;
      await page.goto('/adminpanel?tab=portfolio');
      await page.getByRole('button', { name: 'Add Project' }).tap();
      const form = page.getByRole('form', { name: 'New Project' });
      await form.getByLabel(/^Title/).fill(title);
      const gallery = form.locator('input[type=file][multiple]');
      await gallery.setInputFiles([
        { name: 'Quotation.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'Quotation page 7.jpg', mimeType: 'image/jpeg', buffer: PDF },
      ]);
      const refused = form.getByTestId('upload-refused');
      await refused.waitFor();
      const said = await refused.textContent();
      assert.match(said, /"Quotation\.pdf" is a PDF document, not a photo/);
      assert.match(said, /"Quotation page 7\.jpg" is a PDF document, not a photo/);
      const upload = form.getByRole('button', { name: 'Upload images' });
      assert.equal(await upload.getAttribute('aria-invalid'), 'true', 'the button is marked');
      assert.match(await upload.getAttribute('aria-describedby'), new RegExp(await refused.getAttribute('id')));
      assert.equal(await form.getByTestId('gallery-row').count(), 0, 'nothing attached');

      // The same photo chosen twice in one go, then again: one row.
      await gallery.setInputFiles([
        { name: 'room.webp', mimeType: 'image/webp', buffer: PHOTO },
        { name: 'room copy.webp', mimeType: 'image/webp', buffer: PHOTO },
      ]);
      await form.getByLabel('Alt text of image 1').waitFor();
      await gallery.setInputFiles({ name: 'room.webp', mimeType: 'image/webp', buffer: PHOTO });
      await form.getByRole('button', { name: 'Upload images' }).waitFor();
      assert.equal(await form.getByTestId('gallery-row').count(), 1, 'the same photo once');
      assert.equal(await form.getByTestId('upload-refused').count(), 0, 'a good upload clears the refusal');

      // A slide's photo and the logo refuse a renamed PDF the same way.
      await form.getByLabel('Alt text of image 1').fill('A calm bathroom');
      await form.getByText('Published (shown on the site)').tap();
      await page.getByRole('button', { name: 'Create Project' }).tap();
      await page.getByText('Project created successfully').waitFor();
      const saved = (await call('GET', '/api/admin/portfolio-projects')).body.find((p) => p.title === title);
      assert.equal(saved.gallery.length, 1);
      assert.ok(!saved.gallery.some((image) => /\.pdf$/.test(image.imageUrl)));
      const html = await (await fetch(`${studio.baseUrl}/portfolio/${saved.slug}`)).text();
      assert.ok(!html.includes('.pdf'), 'nothing of the PDF is published');

      await page.goto('/adminpanel?tab=slides');
      await page.getByRole('button', { name: 'Add Slide' }).tap();
      const slide = page.getByRole('form', { name: 'New Slide' });
      await slide.locator('input[type=file]').setInputFiles({ name: 'Quotation page 7.jpg', mimeType: 'image/jpeg', buffer: PDF });
      await slide.getByTestId('upload-refused').getByText(/is a PDF document/).waitFor();
      assert.equal(await slide.getByRole('img', { name: 'Photo, as chosen' }).count(), 0);

      await page.goto('/adminpanel?tab=settings');
      await page.getByLabel('Upload a logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PDF });
      const logo = page.getByLabel('Upload a logo file');
      await page.waitForFunction(() => document.querySelector('input[type=file][aria-invalid=true]'));
      const described = await logo.getAttribute('aria-describedby');
      const message = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent).join(' '), described);
      assert.match(message, /"logo\.png" is a PDF document/);
      assert.equal(await page.getByTestId('dirty-state').textContent(), 'No unsaved changes', 'no logo taken');
      await done();
    });

    test('words typed while a photo uploads are kept when it ends', async () => {
      const { page, done } = await phone(viewport);
      const release = await holdUploads(page);
      await page.goto('/adminpanel?tab=news');
      await page.getByRole('button', { name: 'Add News Item' }).tap();
      const form = page.getByRole('form', { name: 'New News Item' });
      await form.getByRole('button', { name: 'Photo', exact: true }).tap();
      await form.getByRole('button', { name: 'Before and after', exact: true }).tap();
      const photo = form.getByTestId('block').nth(1);
      const pair = form.getByTestId('block').nth(2);

      await photo.locator('input[type=file]').setInputFiles({ name: 'hall.webp', mimeType: 'image/webp', buffer: PHOTO });
      await pair.getByRole('group', { name: 'Before photo' }).locator('input[type=file]').setInputFiles({ name: 'before.webp', mimeType: 'image/webp', buffer: OTHER_PHOTO });
      await photo.getByRole('button', { name: /^Uploading/ }).waitFor();
      await pair.getByRole('button', { name: /^Uploading/ }).waitFor();
      await photo.getByLabel(/^Alt text of the photo/).fill('The hall, opened to the garden');
      await photo.getByLabel(/^Caption of the photo/).fill('The hall today');
      await pair.getByLabel(/^Alt text of the before photo/).fill('The kitchen before');
      await pair.getByLabel('Caption (optional)', { exact: true }).fill('The kitchen, 1974 and now');
      release();

      await photo.getByRole('img', { name: 'Photo, as chosen' }).waitFor();
      await pair.getByRole('img', { name: 'Before photo, as chosen' }).waitFor();
      assert.equal(await photo.getByLabel(/^Alt text of the photo/).inputValue(), 'The hall, opened to the garden');
      assert.equal(await photo.getByLabel(/^Caption of the photo/).inputValue(), 'The hall today');
      assert.equal(await pair.getByLabel(/^Alt text of the before photo/).inputValue(), 'The kitchen before');
      assert.equal(await pair.getByLabel('Caption (optional)', { exact: true }).inputValue(), 'The kitchen, 1974 and now');

      // A page's photo: what is typed and ticked during the upload is kept too.
      await page.unroute('**/api/admin/media-files');
      const releasePage = await holdUploads(page);
      await page.goto('/adminpanel?tab=pages&page=about');
      const about = page.getByRole('form', { name: 'About Us' });
      const image = about.getByRole('group', { name: 'Photo', exact: true });
      await image.locator('input[type=file]').setInputFiles({ name: 'studio.webp', mimeType: 'image/webp', buffer: OTHER_PHOTO });
      await image.getByRole('button', { name: /^Uploading/ }).waitFor();
      // The seed's photo is decorative: the owner says it is not, and describes the new one.
      await image.getByLabel(/^Decorative/).uncheck();
      await image.getByLabel('Alt text', { exact: true }).fill('The studio at dawn');
      releasePage();
      await image.getByRole('button', { name: 'Replace image' }).waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('form img')].some((img) => img.getAttribute('src')?.startsWith('/media/')));
      assert.equal(await image.getByLabel('Alt text', { exact: true }).inputValue(), 'The studio at dawn');
      assert.equal(await image.getByLabel(/^Decorative/).isChecked(), false);
      await done();
    });

    test("two tabs' saves clash: 'Keep mine' keeps both edits, and the box lists only the fields that differ", async () => {
      // A project with a gallery and case-study sections, as a published one has.
      const form = new FormData();
      form.append('file', new Blob([PHOTO], { type: 'image/webp' }), 'a.webp');
      const uploaded = await (await fetch(`${studio.baseUrl}/api/admin/media-files`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })).json();
      const title = `Lake House ${viewport.width}`;
      const created = await call('POST', '/api/admin/portfolio-projects', {
        title,
        slug: '',
        headline: 'First headline',
        category: 'Residential',
        year: 2024,
        location: 'Gachibowli',
        tags: [],
        description: 'A house by the lake',
        intro: '',
        sections: [
          { title: 'The brief', bullets: ['Light', 'Calm'] },
          { title: 'The work', bullets: ['Timber'] },
        ],
        gallery: Array.from({ length: 6 }, (_, i) => ({ imageUrl: uploaded.fileUrl, alt: `View ${i + 1}` })),
        coverUrl: uploaded.fileUrl,
        isActive: true,
        order: 0,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));

      const a = await phone(viewport);
      const b = await phone(viewport);
      for (const { page } of [a, b]) {
        await page.goto('/adminpanel?tab=portfolio');
        await page.getByRole('button', { name: `Edit ${title}` }).tap();
        await page.getByRole('form', { name: 'Edit Project' }).waitFor();
      }
      const formA = a.page.getByRole('form', { name: 'Edit Project' });
      await formA.getByLabel(/^Headline/).fill('Headline from tab A');
      await formA.getByLabel(/^Location/).fill('Jubilee Hills');
      await formA.getByRole('button', { name: 'Save Changes' }).tap();
      await a.page.getByText('Project saved successfully').waitFor();

      const formB = b.page.getByRole('form', { name: 'Edit Project' });
      await formB.getByLabel(/^Headline/).fill('Headline from tab B');
      await formB.getByRole('button', { name: 'Save Changes' }).tap();
      const clash = b.page.getByTestId('clash');
      await clash.waitFor();
      const listed = await clash.locator('li p.font-semibold').allTextContents();
      assert.deepEqual(listed.sort(), ['Headline', 'Location'], `the box lists ${listed.join(', ')}`);
      assert.equal(await formB.getByLabel(/^Headline/).inputValue(), 'Headline from tab B', 'my words stay');
      assert.equal(await formB.getByLabel(/^Location/).inputValue(), 'Jubilee Hills', "their change is taken where I changed nothing");
      await clash.getByRole('button', { name: 'Keep mine' }).tap();
      await b.page.getByText('Project saved successfully').waitFor();

      const saved = (await call('GET', '/api/admin/portfolio-projects')).body.find((p) => p.title === title);
      assert.equal(saved.headline, 'Headline from tab B');
      assert.equal(saved.location, 'Jubilee Hills', "A's edit is kept");
      assert.equal(saved.gallery.length, 6);
      assert.equal(saved.sections.length, 2);
      await a.done();
      // The clash itself is a 409 the browser logs.
      await b.done((error) => /status of 409/.test(error.text));
    });
  });
}
