// People (issue 41) on phones, against the real binary: the Owner invites an Editor and an Enquiries
// account (the link read from the panel); each accepts it in a browser of its own; the Editor
// publishes a project and has no Messages or Settings (the API refuses it too); the Enquiries account
// moves a lead and cannot change a page; the Owner reads both in the activity record, ends the
// Editor's session from the Editor's sessions, and the Editor's next save is refused with a sign-in
// prompt that keeps the typing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_PASSWORD, ADMIN_USER, adminToken, launchBrowser, startStudio, watchPage } from './harness.mjs';

// The panel at a phone's width with touch (without isMobile's zoomed layout viewport: see leads.test.mjs).
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true };

const EDITOR = { name: 'Meera Rao', username: 'meera', password: 'lakeside timber window 41' };
const ENQUIRIES = { name: 'Ravi Kumar', username: 'ravi', password: 'monsoon ledger teapot 41' };
const PROJECT = 'Banjara Hills Courtyard House';
const LEAD = 'Asha Reddy';

let studio;
let browser;

before(async () => {
  studio = await startStudio({ env: { STUDIO_CONTACT_MIN_FILL: '1ms' } });
  browser = await launchBrowser();
  // A lead for the Enquiries account to move (added by hand, docs/admin-api.md "Leads").
  const token = await adminToken(studio.baseUrl);
  const added = await fetch(`${studio.baseUrl}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: LEAD, phone: '+91 98480 12345', message: 'A 3BHK in Gachibowli.' }),
  });
  assert.equal(added.status, 201, 'the lead is added');
});

after(async () => {
  await browser?.close();
  await studio?.stop();
});

/** Chromium reports every non-2xx fetch as a console error; these are the ones a test provokes. */
const refused = (path, status) => (error) => error.url.includes(path) && error.text.includes(`status of ${status}`);
const anyRefusal = (status) => (error) => error.text.includes(`status of ${status}`);

/** A phone of its own: a browser context, its page, and the check of its console at the end. */
async function phone() {
  const context = await browser.newContext({ ...PHONE, baseURL: studio.baseUrl, acceptDownloads: true });
  const page = await context.newPage();
  const watched = watchPage(page);
  const check = async (...expected) => {
    await context.close();
    const unexpected = watched.consoleErrors.filter((error) => !expected.some((allow) => allow(error)));
    assert.deepEqual(unexpected, []);
    assert.deepEqual(watched.foreignRequests, []);
  };
  return { context, page, check };
}

const toasts = (page) => page.getByRole('region', { name: /Notifications/ });
const panel = (page) => page.getByRole('tabpanel');

async function signInOwner(page) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(ADMIN_USER);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/adminpanel');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** Opens a section as the address would (the phone's bar and More sheet are checked separately). */
async function openTab(page, tab) {
  await page.goto(tab === 'overview' ? '/adminpanel' : `/adminpanel?tab=${tab}`);
  await panel(page).locator('h2').first().waitFor();
}

/** The names of every section the panel offers this role: the tabs, the phone's bar and its More sheet. */
async function sections(page) {
  const tabs = await page.locator('[role=tab]').allTextContents();
  const bar = page.getByTestId('phone-tabs');
  await bar.getByRole('button', { name: /More/ }).click();
  const more = await page.locator('#admin-more-sheet button').allTextContents();
  await bar.getByRole('button', { name: /More/ }).click();
  const inBar = await bar.locator('button').allTextContents();
  return [...new Set([...tabs, ...more, ...inBar].map((name) => name.trim()))];
}

/** No sideways scrolling at 360 px. */
async function assertFits(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.equal(overflow, 0, `${where} scrolls sideways on a phone`);
}

/** The Owner makes an invitation on the People screen and reads its one-time link from it. */
async function invite(page, person, role) {
  await openTab(page, 'people');
  await panel(page).getByRole('button', { name: 'Invite someone' }).click();
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel(/^Name/).fill(person.name);
  await form.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  await form.getByRole('button', { name: 'Make the invitation link' }).click();
  const card = page.getByTestId('invite-link');
  await card.waitFor();
  assert.match(await card.textContent(), /works once, for 72 hours/);
  const link = await card.getByLabel('Invitation link').inputValue();
  assert.match(link, /\/admin-login#invite=[^&\s]+$/, link);
  const share = await card.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href');
  assert.ok(share.startsWith('https://wa.me/?text='), share);
  assert.ok(decodeURIComponent(share).includes(link), 'the WhatsApp message carries the link');
  await assertFits(page, 'the invitation link');
  await card.getByRole('button', { name: 'Done' }).click();
  return link;
}

/** A person opens their invitation on their own phone, chooses a user name and a password, and is in. */
async function accept(page, link, person) {
  // The link as sent (its host may be the site's public address): this server, the same path and fragment.
  const { pathname, hash } = new URL(link);
  await page.goto(`${pathname}${hash}`);
  await page.getByRole('heading', { name: /^Join / }).waitFor();
  assert.match(await page.getByTestId('invite-who').textContent(), new RegExp(person.name));
  const form = page.getByRole('form', { name: 'Join' });
  // The server's rules, at the field: a short password first.
  await form.getByLabel('User name').fill(person.username);
  await form.getByLabel('Password').fill('too short');
  await form.getByRole('button', { name: 'Join and sign in' }).click();
  assert.equal(await form.getByLabel('Password').getAttribute('aria-invalid'), 'true');
  await assertFits(page, 'the invitation page');
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Join and sign in' }).click();
  await page.waitForURL('**/adminpanel');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  // The fragment is gone from the address; the token is stored as the login page stores it.
  assert.equal(new URL(page.url()).hash, '');
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  assert.ok(token);
  return token;
}

/** What a call with `token` answers, asked from the page as the panel would. */
const statusOf = (page, method, path, token, body) =>
  page.evaluate(
    async ({ method, path, token, body }) =>
      (
        await fetch(path, {
          method,
          headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).status,
    { method, path, token, body },
  );

describe('people, roles, sessions and the activity record', () => {
  test('the journey of issue 41 on phones', async () => {
    const owner = await phone();
    await signInOwner(owner.page);
    const editorLink = await invite(owner.page, EDITOR, 'Editor');
    const enquiriesLink = await invite(owner.page, ENQUIRIES, 'Enquiries');
    // Both wait as open invitations until used.
    const open = owner.page.getByRole('list', { name: 'Open invitations' });
    await open.getByText(EDITOR.name).waitFor();
    await open.getByText(ENQUIRIES.name).waitFor();

    // The Editor, on a phone of their own.
    const editor = await phone();
    const editorToken = await accept(editor.page, editorLink, EDITOR);
    const editorSections = await sections(editor.page);
    for (const name of ['Messages', 'Settings', 'Consultations', 'People', 'Activity']) {
      assert.ok(!editorSections.some((section) => section.startsWith(name)), `an Editor has no ${name}: ${editorSections}`);
    }
    for (const name of ['Overview', 'Portfolio', 'Pages', 'News', 'Account']) {
      assert.ok(editorSections.some((section) => section.startsWith(name)), `an Editor has ${name}: ${editorSections}`);
    }
    // No count of messages on the Overview either.
    await openTab(editor.page, 'overview');
    await panel(editor.page).getByText('Portfolio projects').waitFor();
    assert.equal(await panel(editor.page).getByText('Messages', { exact: true }).count(), 0);
    // The server agrees: an Editor's token reads no enquiries and no settings.
    assert.equal(await statusOf(editor.page, 'GET', '/api/contacts', editorToken), 403);
    assert.equal(await statusOf(editor.page, 'GET', '/api/admin/company-settings', editorToken), 403);

    // The Editor publishes a project.
    await openTab(editor.page, 'portfolio');
    await panel(editor.page).getByRole('button', { name: 'Add Project' }).click();
    const create = editor.page.getByRole('form', { name: 'New Project' });
    await create.getByLabel(/^Title/).fill(PROJECT);
    await create.getByLabel('Published (shown on the site)').check();
    await create.getByRole('button', { name: 'Create Project' }).click();
    await toasts(editor.page).getByText('Project created successfully').waitFor();
    const published = await fetch(`${studio.baseUrl}/portfolio/banjara-hills-courtyard-house`);
    assert.equal(published.status, 200, 'the project is on the site');

    // The Enquiries account, on a third phone.
    const enquiries = await phone();
    const enquiriesToken = await accept(enquiries.page, enquiriesLink, ENQUIRIES);
    const enquiriesSections = await sections(enquiries.page);
    for (const name of ['Settings', 'People', 'Activity']) {
      assert.ok(!enquiriesSections.some((section) => section.startsWith(name)), `Enquiries has no ${name}: ${enquiriesSections}`);
    }
    assert.ok(enquiriesSections.some((section) => section.startsWith('Messages')), `Enquiries has Messages: ${enquiriesSections}`);

    // It moves the lead to Contacted.
    await enquiries.page.getByTestId('phone-tabs').getByRole('button', { name: /^Messages/ }).click();
    const asha = panel(enquiries.page).getByRole('article', { name: `Message from ${LEAD}` });
    await asha.waitFor();
    await asha.getByRole('button', { name: `Open message from ${LEAD}` }).tap();
    const followUp = asha.getByTestId('lead-panel').getByRole('form', { name: 'Follow-up' });
    await followUp.getByLabel('Stage').selectOption('contacted');
    await followUp.getByTestId('action-bar').getByRole('button', { name: 'Save' }).click();
    await enquiries.page.getByText('Lead saved').first().waitFor();

    // It sees a page but cannot change it: no Save, and the server refuses a crafted save.
    await openTab(enquiries.page, 'pages');
    await panel(enquiries.page).getByTestId('read-only').waitFor();
    await panel(enquiries.page).getByRole('button', { name: 'View Home' }).click();
    const home = panel(enquiries.page).getByRole('form').first();
    await home.getByTestId('read-only-bar').waitFor();
    assert.equal(await home.getByRole('button', { name: 'Save Page' }).count(), 0);
    await assertFits(enquiries.page, 'a page, read-only');
    const page = await (await fetch(`${studio.baseUrl}/api/admin/pages/home`, { headers: { Authorization: `Bearer ${enquiriesToken}` } })).json();
    assert.equal(
      await statusOf(enquiries.page, 'PUT', '/api/admin/pages/home', enquiriesToken, { version: page.version, content: page.content }),
      403,
    );
    // And its project list has no Add, Edit or Delete.
    await openTab(enquiries.page, 'portfolio');
    await panel(enquiries.page).getByRole('heading', { name: PROJECT }).waitFor();
    assert.equal(await panel(enquiries.page).getByRole('button', { name: 'Add Project' }).count(), 0);
    assert.equal(await panel(enquiries.page).getByRole('button', { name: /^Delete / }).count(), 0);

    // The Owner reads both in the activity record, which is whole.
    await openTab(owner.page, 'activity');
    await owner.page.getByTestId('activity-check').getByText(/The record is whole/).waitFor();
    const person = panel(owner.page).getByLabel('Person');
    await person.locator(`option[value="${EDITOR.username}"]`).waitFor({ state: 'attached' });
    await person.selectOption(EDITOR.username);
    const entries = panel(owner.page).getByRole('list', { name: 'Activity, newest first' });
    await entries.getByText(new RegExp(PROJECT)).first().waitFor();
    await person.selectOption(ENQUIRIES.username);
    // A client is named by number, never by name, in the record.
    await entries.getByText(/changed enquiry \d+/).first().waitFor();
    assert.equal(await entries.getByText(new RegExp(LEAD)).count(), 0);
    await assertFits(owner.page, 'the activity record');

    // The Editor has a form open with their typing in it...
    await openTab(editor.page, 'portfolio');
    await panel(editor.page).getByRole('button', { name: `Edit ${PROJECT}` }).click();
    const edit = editor.page.getByRole('form', { name: 'Edit Project' });
    const typed = 'Courtyard, jaali and a neem tree';
    await edit.getByLabel('Headline').fill(typed);

    // ...when the Owner ends the Editor's session from the Editor's sessions.
    await openTab(owner.page, 'people');
    await panel(owner.page).getByRole('button', { name: `Sessions of ${EDITOR.name}` }).click();
    const editorSessions = panel(owner.page).getByRole('list', { name: `Sessions of ${EDITOR.name}` });
    await editorSessions.getByRole('listitem').first().waitFor();
    await editorSessions.getByRole('button', { name: /^Sign out/ }).first().click();
    await toasts(owner.page).getByText(/^Signed out/).waitFor();

    // The Editor's next save is refused with a sign-in prompt over the form; the typing stays.
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const prompt = editor.page.getByRole('dialog', { name: 'Sign in again' });
    await prompt.waitFor();
    assert.ok(editor.page.url().includes('/adminpanel'), editor.page.url());
    assert.equal(await edit.getByLabel('Headline').inputValue(), typed);
    await assertFits(editor.page, 'the sign-in prompt');
    // Signing in again there sends the save.
    await prompt.getByLabel('Password').fill(EDITOR.password);
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await toasts(editor.page).getByText('Project saved successfully').waitFor();

    await owner.check(anyRefusal(403));
    await editor.check(refused('/api/contacts', 403), refused('/api/admin/company-settings', 403), anyRefusal(401));
    await enquiries.check(refused('/api/admin/pages/home', 403), anyRefusal(403));
  });

  test('an invitation works once', async () => {
    const owner = await phone();
    await signInOwner(owner.page);
    const link = await invite(owner.page, { name: 'Kiran', username: 'kiran', password: 'banyan quiet ribbon 41' }, 'Editor');
    const first = await phone();
    await accept(first.page, link, { name: 'Kiran', username: 'kiran', password: 'banyan quiet ribbon 41' });
    const second = await phone();
    const { pathname, hash } = new URL(link);
    await second.page.goto(`${pathname}${hash}`);
    assert.equal(
      await second.page.getByTestId('invite-gone').textContent(),
      'This invitation has expired or was already used. Ask for a new one.',
    );
    await owner.check();
    await first.check();
    await second.check(anyRefusal(410));
  });
});
