// The measuring half of scripts/bench-content (read its header): creates the projects and news
// through the admin API of a running release binary, then times saves, pages, start-up and the
// panel's lists. Figures come from the server's own log (`studio::render` at debug, JSON lines).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { adminCall } from './admin-call.mjs';

const env = process.env;
const bin = env.BENCH_BIN;
const work = env.BENCH_WORK;
const base = `http://127.0.0.1:${env.BENCH_PORT}`;
const projects = Number(env.BENCH_PROJECTS ?? 500);
const newsCount = Number(env.BENCH_NEWS ?? 500);
const logPath = `${work}/studio.log`;
const CATEGORIES = ['Residential', 'Commercial', 'Hospitality', 'Kitchens & Baths', 'Specialty'];
const WORDS = ('light stone teak brass linen terrazzo courtyard veranda jaali lime plaster oak walnut ' +
  'marble kota granite cane rattan jute clay terracotta arch vault skylight niche alcove pergola ' +
  'reading nook family dining kitchen pantry study guest bedroom terrace garden pool deck lobby ' +
  'reception lounge bar cafe suite atrium gallery studio library wardrobe vanity bath shower ' +
  'daylight shadow breeze monsoon summer calm warm quiet open layered crafted bespoke honest').split(' ');

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
const sentence = (n) => { const w = words(n); return w[0].toUpperCase() + w.slice(1) + '.'; };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
/** A raw GET: the bytes as sent (no decoding), for sizes per encoding. */
function raw(path, encoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

let token = '';
async function api(method, path, body) {
  const started = now();
  const res = await fetch(`${base}${path}`, adminCall(method, token, body));
  const text = await res.text();
  const ms = now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { json: text ? JSON.parse(text) : null, ms, bytes: Buffer.byteLength(text) };
}

function logLines() {
  const out = [];
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try { out.push(JSON.parse(line)); } catch { /* a half-written line */ }
  }
  return out;
}
const message = (l) => l.fields?.message ?? l.message ?? '';
const renders = (lines) => lines.filter((l) => message(l) === 'rendered a page');
const fallbacks = (lines) => lines.filter((l) => /sending its empty shell/.test(message(l)));

/** Waits until no page has been rendered for `quiet` ms (at most 10 minutes). */
async function settle(quiet = 2000) {
  let count = -1;
  let since = now();
  const give = now() + 600_000;
  while (now() < give) {
    const c = renders(logLines()).length;
    if (c !== count) { count = c; since = now(); }
    else if (now() - since >= quiet) return;
    await sleep(200);
  }
}

let server;
function start() {
  const log = fs.openSync(logPath, 'a');
  server = spawn(bin, ['serve', '--config', `${work}/studio.toml`], { stdio: ['ignore', 'ignore', log] });
  return now();
}
async function stop() {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
const isShell = (html) => html.includes('<div id="app"></div>');
async function firstRendered(path, startedAt) {
  for (;;) {
    try {
      const res = await raw(path);
      if (res.status === 200 && !isShell(res.body.toString())) return now() - startedAt;
    } catch { /* not listening yet */ }
    await sleep(5);
  }
}

async function pool(n, jobs) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
}

function projectBody(i, photos) {
  const pick = (k) => photos[(i + k) % photos.length];
  return {
    title: `${words(2)} residence ${i}`.replace(/^./, (c) => c.toUpperCase()),
    slug: `bench-project-${i}`,
    headline: sentence(10),
    category: CATEGORIES[i % CATEGORIES.length],
    year: 2011 + (i % 15),
    location: 'Hyderabad',
    tags: [words(1), words(1), words(2)],
    description: sentence(30),
    intro: `${sentence(40)} ${sentence(40)}`,
    sections: Array.from({ length: 4 }, () => ({ title: words(2), bullets: Array.from({ length: 3 }, () => sentence(12)) })),
    gallery: Array.from({ length: 5 }, (_, k) => ({ imageUrl: pick(k), alt: sentence(6) })),
    coverUrl: pick(0),
    isActive: true,
  };
}

const isoDay = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Times one save: the answer, then until `page` shows `marker`; and the pages it rendered again. */
async function timeSave(kind, page, marker, save) {
  await settle(1500);
  const before = renders(logLines()).length;
  const started = now();
  await save();
  const answer = now() - started;
  let visible = NaN;
  const give = now() + 60_000;
  while (now() < give) {
    const res = await raw(page);
    if (res.body.toString().includes(marker)) { visible = now() - started; break; }
    await sleep(10);
  }
  await settle(2000);
  const rendered = renders(logLines()).length - before;
  return { kind, answer, visible, rendered };
}

/** The first text leaf of a page record the page shows (plain words, so that it reads the same in HTML). */
function findLeaf(value, html, path = []) {
  if (typeof value === 'string') return /^[A-Za-z ,.]{12,}$/.test(value) && html.includes(value) ? path : null;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = findLeaf(v, html, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}
function setLeaf(obj, path, text) {
  let o = obj;
  for (const k of path.slice(0, -1)) o = o[k];
  o[path.at(-1)] = text;
}

async function main() {
  const t0 = now();
  let startedAt = start();
  await firstRendered('/', startedAt);
  token = (await api('POST', '/api/admin/login', { username: 'admin', password: 'bench-password-not-secret' })).json.token;

  const photos = [];
  for (let i = 1; i <= 6; i++) {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(`${work}/photo-${i}.jpg`)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    photos.push((await api('POST', '/api/admin/media-files', form)).json.fileUrl);
  }
  const ids = [];
  await pool(8, Array.from({ length: projects }, (_, i) => async () => {
    ids[i] = (await api('POST', '/api/admin/portfolio-projects', projectBody(i, photos))).json.id;
  }));
  await pool(8, Array.from({ length: newsCount }, (_, i) => async () => {
    await api('POST', '/api/admin/news-items', { date: isoDay(i + 1), title: `${words(4)} ${i}`, content: `${sentence(30)} ${sentence(30)}` });
  }));
  console.log(`created ${projects} projects and ${newsCount} news items in ${((now() - t0) / 1000).toFixed(0)} s`);
  await settle(3000);

  // ---- saves -------------------------------------------------------------------------------
  const saves = [];
  const middle = Math.floor(projects / 2);
  for (let round = 0; round < 3; round++) {
    const tag = `Bench${round}x${Date.now() % 100000}`;
    saves.push(await timeSave('settings save (address)', '/contact', `${tag} Road`, () =>
      api('POST', '/api/admin/company-settings', { settingKey: 'company_address', settingValue: `${tag} Road, Hyderabad`, description: 'Company address' })));
    saves.push(await timeSave('project edit (a middle one)', `/portfolio/bench-project-${middle}`, `${tag} villa`, () =>
      api('PUT', `/api/admin/portfolio-projects/${ids[middle]}`, { ...projectBody(middle, photos), title: `${tag} villa` })));
    const first = (await api('GET', '/api/admin/portfolio-projects')).json.find((p) => p.isActive);
    saves.push(await timeSave('project edit (the first)', '/', `${tag} first`, () =>
      api('PUT', `/api/admin/portfolio-projects/${first.id}`, { ...first, title: `${tag} first` })));
    saves.push(await timeSave('new news item', '/', `${tag} news`, () =>
      api('POST', '/api/admin/news-items', { date: isoDay(-round - 1), title: `${tag} news`, content: sentence(30) })));
    const about = (await api('GET', '/api/admin/pages/about')).json;
    const aboutHtml = (await raw('/about')).body.toString();
    const leaf = findLeaf(about.content, aboutHtml);
    if (leaf) {
      setLeaf(about.content, leaf, `${tag} words about us`);
      saves.push(await timeSave('page record save (about)', '/about', `${tag} words about us`, () =>
        api('PUT', '/api/admin/pages/about', { version: about.version, content: about.content })));
    }
    const slide = (await api('GET', '/api/admin/hero-slides')).json[0];
    saves.push(await timeSave('hero slide', '/', `${tag} slide`, () =>
      api('PUT', `/api/admin/hero-slides/${slide.id}`, { ...slide, title: `${tag} slide` })));
  }
  console.log('\nsave                          answer ms   visible ms   pages rendered again (median of 3)');
  for (const kind of [...new Set(saves.map((s) => s.kind))]) {
    const of = saves.filter((s) => s.kind === kind);
    console.log(`${kind.padEnd(30)}${median(of.map((s) => s.answer)).toFixed(0).padStart(9)}${median(of.map((s) => s.visible)).toFixed(0).padStart(13)}${String(median(of.map((s) => s.rendered))).padStart(10)}`);
  }

  // ---- pages -------------------------------------------------------------------------------
  const founder = (await api('GET', '/api/admin/pages')).json.find((p) => p.key === 'founder')?.path ?? '/anjali-rao';
  const pages = ['/', '/about', '/multidisciplinary', founder, '/services', '/services/perfect-home', '/portfolio',
    '/portfolio?category=residential', '/portfolio?category=kitchens', '/portfolio?page=2', `/portfolio/bench-project-${middle}`,
    '/contact', '/no-such-page'];
  const lines = logLines();
  const lastRender = (path) => renders(lines).filter((l) => l.fields?.path === path).at(-1)?.fields?.ms;
  console.log('\npage                                  render ms    HTML kB   brotli kB   server-rendered');
  for (const path of pages) {
    const plain = await raw(path);
    const br = await raw(path, 'br');
    const key = path === '/no-such-page' ? '/__not-found__' : path;
    const ms = lastRender(key);
    console.log(`${path.padEnd(38)}${(ms === undefined ? '-' : Number(ms).toFixed(1)).padStart(9)}${(plain.body.length / 1024).toFixed(1).padStart(11)}${(br.body.length / 1024).toFixed(1).padStart(12)}   ${isShell(plain.body.toString()) ? 'NO (shell)' : 'yes'}`);
  }
  const all = renders(lines).map((l) => Number(l.fields?.ms ?? 0));
  console.log(`slowest render ${Math.max(...all).toFixed(0)} ms; renders that fell back to the empty shell: ${fallbacks(lines).length}`);

  // ---- the panel -----------------------------------------------------------------------------
  console.log('\npanel call                                          ms      kB');
  const calls = [['GET', '/api/admin/portfolio-projects'], ['GET', '/api/admin/portfolio-projects?limit=50&offset=0'],
    ['GET', '/api/admin/news-items'], ['GET', '/api/admin/news-items?limit=50&offset=0'], ['GET', '/api/contacts'],
    ['GET', '/api/contacts?limit=50&offset=0'], ['GET', '/api/admin/stats?days=30']];
  for (const [method, path] of calls) {
    const times = [];
    let bytes = 0;
    try {
      for (let i = 0; i < 3; i++) { const r = await api(method, path); times.push(r.ms); bytes = r.bytes; }
      console.log(`${method} ${path}`.padEnd(48) + median(times).toFixed(0).padStart(7) + (bytes / 1024).toFixed(0).padStart(8));
    } catch (e) { console.log(`${method} ${path}`.padEnd(48) + `  ${String(e.message).slice(0, 60)}`); }
  }
  const reversed = (await api('GET', '/api/admin/portfolio-projects')).json.map((p) => p.id).reverse();
  const reorder = await api('PUT', '/api/admin/portfolio-projects/order', { ids: reversed });
  console.log(`PUT /api/admin/portfolio-projects/order (${reversed.length} ids, one request)`.padEnd(48) + reorder.ms.toFixed(0).padStart(7));
  await settle(2000);

  // ---- start-up and memory -------------------------------------------------------------------
  const colds = [];
  for (let i = 0; i < 3; i++) {
    await stop();
    startedAt = start();
    colds.push(await firstRendered('/', startedAt));
  }
  await settle(3000);
  await sleep(2000);
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (f) => Number(status.match(new RegExp(`^${f}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
  console.log(`\ncold start to the first rendered /: ${colds.map((c) => c.toFixed(0)).join(', ')} ms (median ${median(colds).toFixed(0)})`);
  console.log(`RSS idle after every page rendered: ${(kb('VmRSS') / 1024).toFixed(1)} MB (peak ${(kb('VmHWM') / 1024).toFixed(1)} MB)`);
  console.log(`data file: ${(fs.statSync(`${work}/studio.redb`).size / 1048576).toFixed(1)} MB`);
  await stop();
}

main().catch(async (e) => {
  console.error(`bench-content: ${e.stack ?? e}`);
  if (server) server.kill('SIGTERM');
  process.exit(1);
});
