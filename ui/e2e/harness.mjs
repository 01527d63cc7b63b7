// Shared set-up for the browser tests: the real release binary on a free port with a fresh data
// file, and Debian's Chromium driven by playwright-core.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const uiDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export const STUDIO_BIN = process.env.STUDIO_BIN ?? resolve(uiDir, '../target/release/studio');
export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'e2e-Correct-Horse-42';

// A real 2 x 2 PNG (the server checks a file's own bytes, not just its name).
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGPoSjECIgYIBQAg7gSBLuAF0gAAAABJRU5ErkJggg==',
  'base64',
);

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const STARTUP_TIMEOUT_MS = 15_000;

/** A TCP port on loopback that nothing listens on. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Runs the binary to completion, feeding `stdin`; rejects with its output when it fails. */
function run(args, stdin) {
  return new Promise((done, fail) => {
    const child = spawn(STUDIO_BIN, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`studio ${args.join(' ')} exited ${code}:\n${output}`)),
    );
    child.stdin.end(stdin);
  });
}

async function waitForHealth(baseUrl, server, log) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`studio serve exited ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`studio serve not healthy after ${STARTUP_TIMEOUT_MS} ms:\n${log()}`);
}

/**
 * Starts `studio serve` on a free port with a new data file whose admin password is ADMIN_PASSWORD.
 * `env` adds variables for the server only (e.g. `{ STUDIO_TOKEN_TTL: '1s' }`). With `dataFile`, it
 * serves that file instead (made with the password when it does not exist yet) and leaves it to the
 * caller: a test that stops a server and starts another on the same data.
 * Returns `{ baseUrl, dataFile, stop }`; `stop()` ends the server and deletes the temp dir it made.
 */
export async function startStudio({ env = {}, dataFile: given, bin = STUDIO_BIN } = {}) {
  const dir = given ? dirname(given) : await mkdtemp(join(tmpdir(), 'studio-e2e-'));
  const dataFile = given ?? join(dir, 'studio.redb');
  const cleanUp = () => (given ? Promise.resolve() : rm(dir, { recursive: true, force: true }));

  if (!existsSync(dataFile)) {
    try {
      await run(['admin', 'set-password', ADMIN_USER, '--data', dataFile], `${ADMIN_PASSWORD}\n`);
    } catch (error) {
      await cleanUp();
      throw error;
    }
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(bin, ['serve', '--listen', `127.0.0.1:${port}`, '--data', dataFile], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => server.once('exit', done));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await cleanUp();
  };

  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataFile, stop, output: () => output };
}

/**
 * The server (with `options` as for startStudio) and Chromium that a test file shares, as
 * `{ studio, browser }`. When Chromium does not start, the server is stopped again: the file's
 * `after` never sees a server it could stop.
 */
export async function startStudioAndBrowser(options) {
  const studio = await startStudio(options);
  try {
    return { studio, browser: await launchBrowser() };
  } catch (error) {
    await studio.stop();
    throw error;
  }
}

/** Closes what startStudioAndBrowser opened; either is missing when the start failed half way. */
export async function stopStudioAndBrowser({ studio, browser }) {
  await browser?.close();
  await studio?.stop();
}

/**
 * Chromium, whose every page's `goto` waits for the app (`gotoWaitsForTheApp`): a page starts its
 * app once it is painted (src/main.tsx), and until the app has hydrated it, its buttons do nothing
 * and the contact form posts as a plain form.
 */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => gotoWaitsForTheApp(await newPage());
    return context;
  };
  return browser;
}

/**
 * Makes `page.goto` wait, unless a test asks for another `waitUntil`, until the network has been
 * idle for half a second: by then the app and the page's chunks have loaded and hydrated the page.
 */
function gotoWaitsForTheApp(page) {
  const goto = page.goto.bind(page);
  page.goto = (url, options = {}) => goto(url, { waitUntil: 'networkidle', ...options });
  return page;
}

/**
 * Records console errors, uncaught page errors and every request that leaves this machine.
 * Tests assert that `consoleErrors` and `foreignRequests` stay empty.
 */
export function watchPage(page) {
  const watched = { consoleErrors: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') {
      watched.consoleErrors.push({ text: message.text(), url: message.location().url });
    }
  });
  page.on('pageerror', (error) => watched.consoleErrors.push({ text: String(error), url: page.url() }));
  page.on('request', (request) => {
    const url = new URL(request.url());
    // data:, blob: and the like never touch the network.
    const networked = /^(https?|wss?):$/.test(url.protocol);
    if (networked && !LOCAL_HOSTS.has(url.hostname)) watched.foreignRequests.push(request.url());
  });
  return watched;
}

/**
 * A new page in its own context of `browser` (`contextOptions` as for `browser.newContext`),
 * watched from the start. `check(...allowed)` closes the context and asserts that there were no
 * console errors but those some `allowed(error)` accepts (the refusals a test provokes on purpose),
 * and no requests leaving this machine.
 */
export async function openWatchedPage(browser, contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const watched = watchPage(page);
  const check = async (...allowed) => {
    await context.close();
    assert.deepEqual(watched.consoleErrors.filter((error) => !allowed.some((allow) => allow(error))), []);
    assert.deepEqual(watched.foreignRequests, []);
  };
  return { context, page, watched, check };
}

/**
 * Types each value into the field of `scope` (a page, form or dialog) whose label is its key, in
 * the order given, as a person would fill a form.
 */
export async function fillFields(scope, values) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label).fill(value);
}

/**
 * Scrolls through the page so that every lazy image and deferred section loads, then back to the
 * top, and waits until the header has finished its colour transition back to the unscrolled look:
 * an accessibility check taken half way (grey text on a grey bar) would report a contrast failure
 * that no visitor sees once the 300 ms transition is over.
 */
export async function scrollThrough(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => {
    const header = document.querySelector('header[data-scrolled]');
    const settled = document.getAnimations().every((animation) => animation.playState !== 'running' || !(animation instanceof CSSTransition));
    return settled && (!header || header.getAttribute('data-scrolled') === 'false');
  });
}

/** A bearer token for ADMIN_USER from the login call, for tests that set things up through the API. */
export async function adminToken(baseUrl) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
  });
  assert.equal(login.status, 200, 'the admin signs in');
  return (await login.json()).token;
}

/** Signs in on `page` with ADMIN_USER and lands on the panel. */
export async function signIn(page) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(ADMIN_USER);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/adminpanel');
}

/** The axe rule sets a page is checked against: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG 2.0 only, for the panel's screens that were written against it. */
export const WCAG_20 = ['wcag2a', 'wcag2aa'];

/** axe finds nothing on `page` under `tags` (WCAG_21 unless told); `where` names it in the failure. */
export async function assertAxeClean(page, where, tags = WCAG_21) {
  // A page still changing colour (a button's hover transition right after a click) has no settled
  // contrast to check: let every finite CSS transition and animation end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  assert.deepEqual(
    violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    [],
  );
}
