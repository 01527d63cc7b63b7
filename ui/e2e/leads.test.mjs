// Leads on a phone (issue 31), against the real binary: a visitor who arrived on a case study from a
// campaign sends a qualified enquiry with a phone; the owner sees it with its source, moves it to
// Contacted with a note and a follow-up date, and finds it on the Overview on that date (a fake
// clock in the browser); with JavaScript off an enquiry still goes through.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_USER, adminToken as tokenFor, fillFields, signIn as signInTo, startStudioAndBrowser, stopStudioAndBrowser, watchPage } from './harness.mjs';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
// The panel at a phone's width with touch; without isMobile's zoomed layout viewport, which the panel's
// wide tab bar makes wider than the screen (taps then land beside their targets).
const OWNER_PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true };
let studio;
let browser;

// Playwright types faster than a person; the 3 s rule itself is tested in tests/inbox_api.rs.
before(async () => ({ studio, browser } = await startStudioAndBrowser({ env: { STUDIO_CONTACT_MIN_FILL: '1ms' } })));
after(() => stopStudioAndBrowser({ studio, browser }));

async function api(path, token) {
  const res = await fetch(`${studio.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, path);
  return res.json();
}

const adminToken = () => tokenFor(studio.baseUrl);

async function signIn(page) {
  await signInTo(page);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

describe('leads on a phone', () => {
  test('a visitor from a case study sends a qualified enquiry with a phone', async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: studio.baseUrl });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto('/portfolio/modern-serenity?utm_source=instagram&utm_campaign=diwali');
    // Inside the site, as a tap on the case study's own button would: the visit's source stays in
    // memory, and the project type comes chosen from the case study's category.
    await page.getByRole('link', { name: 'Discuss a Similar Project' }).click();
    await page.waitForURL('**/contact?type=residential');
    const form = page.getByRole('main').getByRole('form', { name: 'Send Us a Message' });
    assert.equal(await form.getByLabel('Project type').inputValue(), 'Residential');
    await fillFields(form, {
      Name: 'Asha Reddy',
      Email: 'asha@example.in',
      Message: 'Our new flat needs a complete interior.',
      Phone: '12345',
      'Locality / city': 'Gachibowli',
      Size: '3BHK',
    });
    await form.getByLabel('Budget').selectOption('₹25-50 lakh');
    await form.getByLabel('Timeline').selectOption('Within 3 months');
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The server names the field; the error shows beside it.
    await form.getByRole('alert').filter({ hasText: 'Phone:' }).waitFor();
    assert.equal(await form.getByLabel('Phone').getAttribute('aria-invalid'), 'true');
    await page.screenshot({ path: '/tmp/leads-form-error.png', fullPage: true });
    await form.getByLabel('Phone').fill('98480 12345');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    // The one 400 is the refused phone, shown beside its field.
    assert.deepEqual(
      watched.consoleErrors.filter((e) => !(e.url.endsWith('/api/contact') && e.text.includes('400'))),
      [],
    );
    assert.deepEqual(watched.foreignRequests, []);
    await context.close();

    const [lead] = await api('/api/contacts', await adminToken());
    assert.equal(lead.phone, '+919848012345');
    assert.equal(lead.qualification, 'Residential · 3BHK · Gachibowli · ₹25-50 lakh · Within 3 months');
    assert.equal(lead.source.landing, '/portfolio/modern-serenity?utm_source=instagram&utm_campaign=diwali');
    assert.equal(lead.source.page, '/contact');
    assert.equal(lead.source.utmCampaign, 'diwali');
  });

  test('the owner moves it to Contacted with a note and a follow-up date, and finds it on the Overview that day', async () => {
    const context = await browser.newContext({ ...OWNER_PHONE, baseURL: studio.baseUrl });
    const page = await context.newPage();
    await signIn(page);
    // On a phone the tabs are the bar at the foot of the screen.
    await page.getByTestId('phone-tabs').getByRole('button', { name: /^Messages/ }).click();
    const asha = page.getByRole('tabpanel').getByRole('article', { name: 'Message from Asha Reddy' });
    await asha.waitFor();
    await page.screenshot({ path: '/tmp/leads-messages.png', fullPage: true });
    await asha.getByRole('button', { name: 'Open message from Asha Reddy' }).tap();
    const lead = asha.getByTestId('lead-panel');
    await lead.getByText('landed on /portfolio/modern-serenity').waitFor();
    assert.equal(await lead.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'), 'https://wa.me/919848012345');
    // The stage and the next follow-up are one record on the panel's editor: its action bar saves.
    const followUp = lead.getByRole('form', { name: 'Follow-up' });
    await followUp.getByLabel('Stage').selectOption('contacted');
    await followUp.getByLabel('Next follow-up').fill('2026-12-10');
    assert.equal(await followUp.getByTestId('dirty-state').textContent(), 'Unsaved changes');
    await followUp.getByTestId('action-bar').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lead saved').first().waitFor();
    await followUp.getByText('No unsaved changes').waitFor();
    await lead.getByLabel('Add a note').fill('Called; site visit on Saturday.');
    await lead.getByRole('button', { name: 'Save note' }).click();
    await lead.getByText('Called; site visit on Saturday.').waitFor();
    await page.screenshot({ path: '/tmp/leads-admin.png', fullPage: true });
    await page.getByRole('group', { name: 'Stages' }).getByRole('button', { name: /^Contacted/ }).click();
    await asha.waitFor();
    await context.close();

    const [saved] = await api('/api/contacts?stage=contacted', await adminToken());
    assert.equal(saved.followUpOn, '2026-12-10');
    assert.equal(saved.notes[0].text, 'Called; site visit on Saturday.');
    assert.equal(saved.moves.at(-1).by, ADMIN_USER);

    const later = await browser.newContext({ ...OWNER_PHONE, baseURL: studio.baseUrl });
    await later.clock.setFixedTime(new Date('2026-12-10T10:00:00'));
    const overview = await later.newPage();
    await signIn(overview);
    const due = overview.getByRole('region', { name: 'Follow-ups due today and overdue' });
    await due.getByText('Asha Reddy').waitFor();
    await overview.screenshot({ path: '/tmp/leads-overview.png', fullPage: true });
    await later.close();
  });

  test('with JavaScript off an enquiry with a phone goes through', async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: studio.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contact', { waitUntil: 'load' });
    const form = page.locator('form[action="/contact"]').first();
    await form.locator('input[name="name"]').fill('Ravi Kumar');
    await form.locator('input[name="email"]').fill('ravi@example.in');
    await form.locator('textarea[name="message"]').fill('A villa in Kokapet.');
    await form.locator('input[name="phone"]').fill('040 2345 6789');
    await form.locator('select[name="budget"]').selectOption('Above ₹50 lakh');
    await form.locator('button[type="submit"]').click();
    // No token yet: the server asks to confirm, with everything kept.
    await page.getByRole('heading', { name: 'Almost sent' }).waitFor();
    assert.equal(await page.locator('input[name="phone"]').inputValue(), '040 2345 6789');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL('**/contact/thank-you');
    await context.close();
    const leads = await api('/api/contacts?q=Ravi', await adminToken());
    assert.equal(leads[0].phone, '+914023456789');
    assert.equal(leads[0].budget, 'Above ₹50 lakh');
  });
});
