// Measures issue 22's first target: the share of the words a visitor sees on each public page
// (rendered with JavaScript, after hydration) that are already in the page's HTML before any
// JavaScript runs (the same page with JavaScript turned off). Prints one line a route and the
// lowest share; exits non-zero when a route is under the target (98 %).
//
//   node scripts/words-before-js.mjs            the release binary (target/release/studio)
//   STUDIO_BIN=... node scripts/words-before-js.mjs
//
// Run from the repository root; uses the browser tests' harness (ui/e2e/harness.mjs): a fresh
// data file, Debian's chromium, loopback only.
import { readFile } from 'node:fs/promises';

const TARGET = 0.98;
process.env.STUDIO_BIN ??= new URL('../target/release/studio', import.meta.url).pathname;
const { launchBrowser, startStudio } = await import('../ui/e2e/harness.mjs');

const table = JSON.parse(await readFile(new URL('../ui/src/routes.json', import.meta.url), 'utf8'));

/** Words as a multiset: lower case runs of letters and digits. */
function words(text) {
  const counts = new Map();
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** The share of `seen`'s words (with their counts) that `html` holds too. */
function share(seen, html) {
  let total = 0;
  let found = 0;
  for (const [w, n] of seen) {
    total += n;
    found += Math.min(n, html.get(w) ?? 0);
  }
  return total === 0 ? 1 : found / total;
}

const studio = await startStudio();
const browser = await launchBrowser();
let lowest = 1;
try {
  const pageData = await (await fetch(`${studio.baseUrl}/api/page-data?path=/`)).json();
  const founder = pageData.founder?.slug ?? 'anjali-rao';
  // A case study, and an article of the journal (the newest of the home page's news).
  const article = pageData.news?.[0]?.slug ?? '';
  const paths = table.routes
    .filter((r) => !r.admin)
    .map((r) =>
      r.path
        .replace('{founderSlug}', founder)
        .replace('/news/{slug}', `/news/${article}`)
        .replace('{slug}', 'timeless-luxury'),
    );
  const withJs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const withoutJs = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  for (const path of paths) {
    const url = `${studio.baseUrl}${path}`;
    const live = await withJs.newPage();
    await live.goto(url, { waitUntil: 'networkidle' });
    // Below-the-fold sections that load on scroll count as words the visitor sees.
    await live.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await live.waitForTimeout(500);
    const seen = words(await live.evaluate(() => document.body.innerText));
    const plain = await withoutJs.newPage();
    await plain.goto(url);
    const before = words(await plain.evaluate(() => document.body.innerText));
    const s = share(seen, before);
    lowest = Math.min(lowest, s);
    console.log(`${path.padEnd(32)} ${(s * 100).toFixed(1).padStart(5)} %`);
    await live.close();
    await plain.close();
  }
} finally {
  await browser.close();
  await studio.stop();
}
console.log(`lowest: ${(lowest * 100).toFixed(1)} % (target ${TARGET * 100} %)`);
process.exit(lowest >= TARGET ? 0 : 1);
