// The traffic and the RSS samples of scripts/soak (read it first).
import fs from 'node:fs';
import { adminCall } from './admin-call.mjs';

const pid = process.env.SOAK_PID;
const base = `http://127.0.0.1:${process.env.SOAK_PORT}`;
const work = process.env.SOAK_WORK;
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const visitors = Number(process.env.SOAK_VISITORS ?? 4);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kb = (field) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))[1]);
const mb = (k) => `${(k / 1024).toFixed(1)} MB`;
const counts = {};
const count = (what, status) => { const key = `${what} ${status}`; counts[key] = (counts[key] ?? 0) + 1; };

for (let i = 0; i < 200; i++) {
  try { if ((await fetch(`${base}/healthz`)).ok) break; } catch { /* not up yet */ }
  await sleep(50);
}
let token = '';
async function api(method, path, body) {
  const res = await fetch(`${base}${path}`, adminCall(method, token, body));
  const text = await res.text();
  count(`${method} ${path.replace(/\d+/g, 'N')}`, res.status);
  return { status: res.status, json: res.ok && text ? JSON.parse(text) : null };
}
token = (await api('POST', '/api/admin/login', { username: 'admin', password: 'soak-password-not-secret' })).json.token;

// A new file each time: a comment segment with a counter right after the JPEG's start marker.
const photos = [1, 2].map((i) => fs.readFileSync(`${work}/photo-${i}.jpg`));
let uploads = 0;
function nextPhoto() {
  uploads += 1;
  const photo = photos[uploads % photos.length];
  const note = Buffer.from(`soak upload ${uploads} ${Date.now()}`);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, note.length + 2]), note]);
  return Buffer.concat([photo.subarray(0, 2), segment, photo.subarray(2)]);
}
async function upload() {
  const form = new FormData();
  form.append('file', new Blob([nextPhoto()], { type: 'image/jpeg' }), `photo-${uploads}.jpg`);
  return (await api('POST', '/api/admin/media-files', form)).json?.fileUrl;
}

// Some content to read and edit: a dozen projects with their photos, a few news items.
const first = await upload();
const projects = [];
for (let i = 0; i < 12; i++) {
  const sentence = 'A calm home in Jubilee Hills with a courtyard, a library and a long veranda.';
  const res = await api('POST', '/api/admin/portfolio-projects', {
    title: `Soak villa ${i}`, slug: `soak-villa-${i}`, headline: sentence,
    category: ['Residential', 'Commercial', 'Hospitality', 'Kitchens & Baths'][i % 4], year: 2020 + (i % 6),
    location: 'Hyderabad', tags: ['calm', 'teak'], description: sentence, intro: `${sentence} ${sentence}`,
    sections: Array.from({ length: 4 }, (_, k) => ({ title: `Part ${k}`, bullets: [sentence, sentence] })),
    gallery: Array.from({ length: 5 }, () => ({ imageUrl: first, alt: 'The living room' })),
    coverUrl: first, isActive: true,
  });
  if (res.json) projects.push(res.json);
}
for (let i = 0; i < 5; i++) {
  await api('POST', '/api/admin/news-items', { date: `2026-0${(i % 9) + 1}-15`, title: `Soak news ${i}`, content: 'A new studio in Banjara Hills. '.repeat(5) });
}
const slides = (await api('GET', '/api/admin/hero-slides')).json ?? [];
const pages = ['/', '/about', '/services', '/portfolio', '/portfolio?category=kitchens', '/contact', '/journal',
  '/no-such-page', ...projects.map((p) => `/portfolio/${p.slug}`)];
const encodings = ['br, gzip', 'gzip', 'identity'];

await sleep(3000);
const idleStart = kb('VmRSS');
console.log(`RSS idle before the soak (every page rendered): ${mb(idleStart)}`);

const end = Date.now() + seconds * 1000;
let views = 0;
async function visitor(n) {
  for (let i = n; Date.now() < end; i++) {
    const path = pages[i % pages.length];
    const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encodings[i % encodings.length] } });
    await res.arrayBuffer();
    views += 1;
    if (res.status >= 500) count(`GET ${path}`, res.status);
  }
}
async function every(ms, job) {
  while (Date.now() < end) {
    const started = Date.now();
    try { await job(); } catch (e) { count(`error ${e.message}`, 0); }
    await sleep(Math.max(0, ms - (Date.now() - started)));
  }
}
let messages = 0, edits = 0;
async function contact() {
  messages += 1;
  const from = `10.${(messages >> 8) & 255}.${messages & 255}.7`;
  const tokenRes = await fetch(`${base}/api/contact/token`, { headers: { 'x-forwarded-for': from } });
  const formToken = tokenRes.ok ? (await tokenRes.json()).token : undefined;
  const res = await fetch(`${base}/api/contact`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ name: `Visitor ${messages}`, email: `visitor${messages}@example.com`, message: 'We would like a quote for our new flat in Gachibowli, three bedrooms.', website: '', formToken }),
  });
  await res.text();
  count('POST /api/contact', res.status);
}
async function edit() {
  edits += 1;
  const p = projects[edits % projects.length];
  switch (edits % 4) {
    case 0: await api('POST', '/api/admin/company-settings', { settingKey: 'company_address', settingValue: `${edits} Road No. 36, Hyderabad`, description: 'Company address' }); break;
    case 1: if (p) {
      // The project as it is now (its version changes with each save).
      // (There is no GET of one project: the list, as the panel reads it.)
      const now = (await api('GET', '/api/admin/portfolio-projects')).json?.find((x) => x.id === p.id) ?? p;
      await api('PUT', `/api/admin/portfolio-projects/${p.id}`, { ...now, title: `Soak villa ${edits}` });
    } break;
    case 2: await api('POST', '/api/admin/news-items', { date: '2026-11-20', title: `Soak news ${edits}`, content: 'Opening soon. '.repeat(8) }); break;
    default: if (slides[0]) {
      // The slide as it is now (its version changes with each save).
      const now = (await api('GET', '/api/admin/hero-slides')).json?.find((x) => x.id === slides[0].id) ?? slides[0];
      await api('PUT', `/api/admin/hero-slides/${now.id}`, { ...now, title: `Soak slide ${edits}` });
    }
  }
}
const started = Date.now();
const sampler = (async () => {
  while (Date.now() < end) {
    await sleep(30000);
    console.log(`  ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s: RSS ${mb(kb('VmRSS'))} (peak ${mb(kb('VmHWM'))}), ${views} page views, ${uploads} uploads, ${messages} messages, ${edits} edits`);
  }
})();
await Promise.all([
  ...Array.from({ length: visitors }, (_, n) => visitor(n)),
  every(3000, contact), every(5000, edit), every(6000, upload), sampler,
]);
const after = kb('VmRSS');
console.log(`RSS at the end: ${mb(after)} (peak ${mb(kb('VmHWM'))}); ${views} page views, ${uploads} uploads, ${messages} contact messages, ${edits} admin edits`);
await sleep(60000);
const idle = kb('VmRSS');
console.log(`RSS 60 s after the end, idle: ${mb(idle)} (${mb(idle - idleStart)} above the idle before; target: under 120 MB, within 20 MB of idle)`);
console.log('answers:', Object.entries(counts).sort().map(([k, v]) => `${k}: ${v}`).join(', '));
