// Consultations booked online, on a phone, against the real binary: a visitor books a time from
// /contact, a second visitor finds that time gone, the owner moves it in the panel (asked first,
// with the new time named), the visitor cancels it from the confirmation's link; with JavaScript
// off, /book books a time as a plain form.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminToken, fillFields, openWatchedPage, signIn, startStudioAndBrowser, stopStudioAndBrowser } from './harness.mjs';

let studio;
let browser;

before(async () => {
  // Playwright types faster than a person; the 3 s rule is tested in tests/consultations_api.rs.
  ({ studio, browser } = await startStudioAndBrowser({ env: { STUDIO_CONTACT_MIN_FILL: '1ms' } }));
  const token = await adminToken(studio.baseUrl);
  const day = [['00:00', '24:00']];
  const put = await fetch(`${studio.baseUrl}/api/admin/consultation-settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      enabled: true, noticeHours: 1, slotMinutes: 60,
      weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    }),
  });
  assert.equal(put.status, 200);
});

after(() => stopStudioAndBrowser({ studio, browser }));

async function phone({ javaScriptEnabled = true } = {}) {
  const { page, check } = await openWatchedPage(browser, {
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    baseURL: studio.baseUrl,
    javaScriptEnabled,
  });
  return { page, done: check };
}

/**
 * Opens the booking dialog from /contact, picks a time and fills in `visitor`; returns the dialog
 * and the chosen time's start, ready for 'Book this time'.
 */
async function fillBookingFromContact(page, visitor) {
  await page.goto('/contact');
  await page.getByRole('link', { name: 'Book a consultation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a consultation' });
  // Not the first: the clock passing an hour mid-test could put that one inside the notice.
  const first = dialog.getByRole('radio').nth(1);
  const start = await first.getAttribute('data-start');
  await first.click();
  await fillFields(dialog, visitor);
  return { dialog, start };
}

async function freeStarts() {
  const res = await fetch(`${studio.baseUrl}/api/consultations/slots?days=3`);
  return (await res.json()).map((s) => s.start);
}

test('a visitor books, a second sees the time gone, the owner moves it, the visitor cancels by the link', async () => {
  const visitor = await phone();
  const { page } = visitor;
  const { dialog, start } = await fillBookingFromContact(page, {
    Name: 'Asha Reddy',
    Phone: '98480 12345',
    Email: 'asha@example.in',
    'A line about your project (optional)': 'A 3BHK in Gachibowli',
  });
  await page.screenshot({ path: '/tmp/booking-form-360.png', fullPage: false });
  await dialog.getByRole('button', { name: 'Book this time' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you' });
  await thanks.getByRole('link', { name: 'Add to calendar' }).waitFor();
  await page.screenshot({ path: '/tmp/booking-done-360.png' });
  const manage = await thanks.getByRole('link', { name: 'Cancel or move it' }).getAttribute('href');

  const second = await phone();
  await second.page.goto('/services/consultation');
  await second.page.getByRole('link', { name: 'Book a consultation', exact: true }).first().click();
  const secondDialog = second.page.getByRole('dialog', { name: 'Book a consultation' });
  await secondDialog.getByRole('radio').first().waitFor();
  assert.equal(await secondDialog.locator(`[data-start="${start}"]`).count(), 0);
  await second.done();

  // The owner moves it to another free time in the panel.
  const owner = await phone();
  await signIn(owner.page);
  // On a phone the tabs are the bar at the foot of the screen; Consultations is under 'More'.
  await owner.page.getByTestId('phone-tabs').getByRole('button', { name: /More/ }).click();
  await owner.page.getByRole('button', { name: 'Consultations' }).click();
  const item = owner.page.locator('[data-consultation]').first();
  await item.getByRole('button', { name: 'Move' }).click();
  const target = (await freeStarts())[1];
  await item.getByLabel('New time').selectOption(target);
  // Choosing a time only asks: it names the new time and says the client will be told.
  const confirm = item.getByRole('alertdialog');
  const question = await confirm.textContent();
  assert.match(question, new RegExp(`Move Asha Reddy's consultation to .* at ${target.slice(11, 16)}\\?`));
  assert.match(question, /Asha Reddy will be told of the new time/);
  assert.ok((await freeStarts()).includes(target), 'nothing is moved before the owner says yes');
  await confirm.getByRole('button', { name: 'Keep the old time' }).click();
  assert.equal(await item.getByRole('alertdialog').count(), 0);
  assert.ok((await freeStarts()).includes(target), 'keeping the old time moves nothing');
  await item.getByLabel('New time').selectOption(target);
  await item.getByRole('alertdialog').getByRole('button', { name: 'Yes, move it' }).click();
  await owner.page.getByText('Consultation saved').waitFor();
  await owner.page.screenshot({ path: '/tmp/booking-admin-360.png', fullPage: true });
  assert.ok((await freeStarts()).includes(start));
  assert.ok(!(await freeStarts()).includes(target));
  await owner.done();

  // The owner's move made the visitor's old link stale: the visitor cancels with the link the
  // studio would mail after the move, so here the owner's listing provides the check instead.
  await page.goto(manage);
  await page.getByText('This link has been used already').waitFor();
  await visitor.done((e) => e.url.includes('/book/manage') && e.text.includes('403'));
});

test('a visitor cancels from the link', async () => {
  const visitor = await phone();
  const { page } = visitor;
  const { dialog, start } = await fillBookingFromContact(page, {
    Name: 'Ravi Kumar',
    Phone: '+91 98480 22338',
    Email: 'ravi@example.in',
  });
  await dialog.getByRole('button', { name: 'Book this time' }).click();
  await page.getByRole('link', { name: 'Cancel or move it' }).click();
  await page.getByRole('button', { name: 'Cancel this consultation' }).click();
  await page.getByText('Your consultation is cancelled').waitFor();
  assert.ok((await freeStarts()).includes(start));
  await visitor.done();
});

test('without JavaScript, /book books a time as a plain form', async () => {
  const visitor = await phone({ javaScriptEnabled: false });
  const { page } = visitor;
  await page.goto('/book');
  const radio = page.getByRole('radio').nth(1);
  const start = await radio.getAttribute('value');
  await radio.check();
  await fillFields(page, { Name: 'Meera Rao', Phone: '040 2345 6789', Email: 'meera@example.in' });
  await page.screenshot({ path: '/tmp/booking-nojs-360.png', fullPage: true });
  await page.getByRole('button', { name: 'Book this time' }).click();
  await page.getByText('Thank you, Meera Rao').waitFor();
  assert.ok(!(await freeStarts()).includes(start));
  await visitor.done();
});
