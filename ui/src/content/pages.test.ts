/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Field, type PageSchema, type Schema, describeInvalid, isPageHref, validate } from '../lib/pageSchema';
import pagesJson from './pages.json';
import schemaJson from './pageSchema.json';
import {
  CLIENTS_PER_ROW,
  DISCIPLINES,
  FOOTER_TAGLINES,
  FOUNDER_SLIDES,
  FOUNDER_VALUES,
  PROCESS_STEPS,
  WHY_CHOOSE_POINTS,
  WHY_MULTIDISCIPLINARY_POINTS,
} from './structure';

// The seed of the page records: what a new data file starts with (docs/page-records.md). Vitest runs
// in ui/; the route table is read from disk because the bundle's copy has no descriptions.
const schema = schemaJson as Schema;
const pages = pagesJson as Record<string, Record<string, unknown>>;
const routeTable = JSON.parse(readFileSync(join(process.cwd(), 'src/routes.json'), 'utf8')) as {
  routes: { path: string; page: string; key?: string; title: string; description: string }[];
};
const publicDir = join(process.cwd(), 'public');

const KEYS = [
  'site',
  'home',
  'about',
  'multidisciplinary',
  'founder',
  'services',
  'service-perfect-home',
  'service-ask-architect',
  'service-brochure',
  'service-renovation',
  'service-consultation',
  'service-commercial',
  'portfolio',
  'contact',
];

function page(key: string): PageSchema {
  const found = schema.pages.find((p) => p.key === key);
  if (!found) throw new Error(`no schema for ${key}`);
  return found;
}

/** The field at a dotted path of a page's schema (`whyChoose.points`). */
function field(key: string, path: string): Field {
  let fields = page(key).fields;
  let found: Field | undefined;
  for (const name of path.split('.')) {
    found = fields.find((f) => f.name === name);
    if (!found) throw new Error(`${key}: no field ${path}`);
    fields = found.kind === 'group' ? found.fields : [];
  }
  return found!;
}

function value(key: string, path: string): unknown {
  return path.split('.').reduce<unknown>((at, name) => (at as Record<string, unknown>)[name], pages[key]);
}

function routeOf(key: string) {
  const route = routeTable.routes.find((r) =>
    key.startsWith('service-') ? r.page === 'service' && r.key === key.slice('service-'.length) : r.page === key && !r.key,
  );
  if (!route) throw new Error(`no route for ${key}`);
  return route;
}

/** Every image `src` and link `href` in a value, whatever its depth. */
function collect(value: unknown, out: { srcs: string[]; hrefs: string[] }) {
  if (Array.isArray(value)) value.forEach((v) => collect(v, out));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && record.src) out.srcs.push(record.src);
    if (typeof record.href === 'string') out.hrefs.push(record.href);
    Object.values(record).forEach((v) => collect(v, out));
  }
  return out;
}

describe('page records seed', () => {
  it('has one record per key, in the order of the schema', () => {
    expect(schema.pages.map((p) => p.key)).toEqual(KEYS);
    expect(Object.keys(pages)).toEqual(KEYS);
  });

  it.each(KEYS)('%s validates against its schema', (key) => {
    const invalid = validate(page(key).fields, pages[key]);
    expect(invalid && describeInvalid(invalid)).toBeUndefined();
  });

  it.each(KEYS.filter((key) => key !== 'site'))('%s has the SEO of routes.json and its route', (key) => {
    const route = routeOf(key);
    expect(pages[key]?.seo).toEqual({ title: route.title, description: route.description });
    expect(page(key).route).toBe(route.path);
  });

  it('the site record has no SEO and no route', () => {
    expect(pages.site).not.toHaveProperty('seo');
    expect(page('site').route).toBeNull();
  });

  it('the founder record holds the name and its address', () => {
    expect(pages.founder).toMatchObject({ name: 'Anjali Rao', slug: 'anjali-rao' });
    expect(field('founder', 'slug').kind).toBe('slug');
  });

  it("holds SPEC's fixed counts, as lists of exactly that length", () => {
    const fixed: [string, string, number][] = [
      ['site', 'taglines', FOOTER_TAGLINES],
      ['home', 'whyChoose.points', WHY_CHOOSE_POINTS.length],
      ['home', 'clients.rowOne', CLIENTS_PER_ROW],
      ['home', 'clients.rowTwo', CLIENTS_PER_ROW],
      ['multidisciplinary', 'disciplines', DISCIPLINES.length],
      ['multidisciplinary', 'why.points', WHY_MULTIDISCIPLINARY_POINTS.length],
      ['founder', 'slides', FOUNDER_SLIDES],
      ['founder', 'philosophy.values', FOUNDER_VALUES.length],
      ['services', 'process.steps', PROCESS_STEPS.length],
      ['services', 'cards', 6],
    ];
    for (const [key, path, count] of fixed) {
      expect(field(key, path), `${key}.${path}`).toMatchObject({ kind: 'list', min: count, max: count });
      expect(value(key, path), `${key}.${path}`).toHaveLength(count);
    }
  });

  it('every other list is bounded', () => {
    const lists: Field[] = [];
    const walk = (fields: Field[]) =>
      fields.forEach((f) => {
        if (f.kind === 'list') {
          lists.push(f);
          if (f.item.kind === 'group') walk(f.item.fields);
        }
        if (f.kind === 'group') walk(f.fields);
      });
    schema.pages.forEach((p) => walk(p.fields));
    for (const list of lists) {
      expect(list.kind === 'list' && list.max <= 12 && list.min <= list.max, list.name).toBe(true);
    }
  });

  it("names SPEC's items and counts, not headings: no record holds a heading SPEC names", () => {
    const text = JSON.stringify(pages);
    for (const heading of [
      'Our Complete Portfolio',
      'Why Choose Our Services',
      'Trusted by Leading Brands',
      'News & Thoughts',
      'Comprehensive Design Approach',
      'Professional Expertise',
      'Education & Credentials',
      'Our Design Process',
      'PREMIUM • FUNCTIONALITY',
      ...WHY_CHOOSE_POINTS,
      ...PROCESS_STEPS,
      ...FOUNDER_VALUES,
    ]) {
      expect(text, heading).not.toContain(`"${heading}"`);
    }
  });

  it('every bundled image exists and every link is a site path or https', () => {
    const { srcs, hrefs } = collect(pages, { srcs: [], hrefs: [] });
    expect(srcs.length).toBeGreaterThan(20);
    for (const src of srcs) expect(existsSync(`${publicDir}${src}`), src).toBe(true);
    for (const href of hrefs) expect(isPageHref(href), href).toBe(true);
  });

  it('every service page has real copy, and only the brochure page has a download with a placeholder notice', () => {
    const serviceKeys = KEYS.filter((key) => key.startsWith('service-'));
    expect(serviceKeys.map((key) => key.slice('service-'.length))).toEqual(
      routeTable.routes.filter((r) => r.page === 'service').map((r) => r.key),
    );
    for (const key of serviceKeys) {
      const record = pages[key] as { lead: string; body: string[]; included: string[]; steps: unknown[]; facts: unknown[]; image: { alt: string } };
      expect(record.lead.length).toBeGreaterThan(60);
      expect(record.body.length).toBeGreaterThanOrEqual(2);
      expect(record.included.length).toBeGreaterThanOrEqual(4);
      expect(record.steps.length).toBeGreaterThanOrEqual(3);
      expect(record.facts.length).toBeGreaterThanOrEqual(3);
      expect(record.image.alt.length).toBeGreaterThan(15);
    }
    expect(serviceKeys.filter((key) => 'download' in pages[key]!)).toEqual(['service-brochure']);
    expect(value('service-brochure', 'download.notice')).toMatch(/placeholder/i);
    expect(field('service-brochure', 'download.file')).toMatchObject({ kind: 'file', accept: 'application/pdf', optional: true });
    expect(value('service-brochure', 'download.file')).toEqual({ url: '', name: '' });
  });

  it('every client brand may have a logo, none set yet', () => {
    const rows = [value('home', 'clients.rowOne'), value('home', 'clients.rowTwo')] as { logo: { src: string } }[][];
    expect(rows.flat().every((brand) => brand.logo.src === '')).toBe(true);
    const item = field('home', 'clients.rowOne');
    expect(item.kind === 'list' && item.item.kind === 'group' && item.item.fields.find((f) => f.name === 'logo')).toMatchObject({
      kind: 'image',
      optional: true,
    });
  });
});

describe('validate', () => {
  const about = page('about').fields;
  const content = () => structuredClone(pages.about) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  function broken(change: (c: Record<string, any>) => void): string | undefined { // eslint-disable-line @typescript-eslint/no-explicit-any
    const c = content();
    change(c);
    const invalid = validate(about, c);
    return invalid && describeInvalid(invalid);
  }

  it('names the path of a paragraph that is too long', () => {
    expect(broken((c) => (c.ourStory.paragraphs[1] = 'x'.repeat(1201)))).toBe('ourStory.paragraphs[1]: at most 1200 characters');
  });

  it('names a missing and an extra field', () => {
    expect(broken((c) => delete c.hero.lead)).toBe('hero.lead: is missing');
    expect(broken((c) => (c.hero.extra = 'x'))).toBe('hero.extra: is not a field here');
  });

  it('refuses an empty required text, a line break and a list out of bounds', () => {
    expect(broken((c) => (c.ourStory.title = '   '))).toBe('ourStory.title: is required');
    expect(broken((c) => (c.ourStory.title = 'a\nb'))).toMatch(/^ourStory.title: must be one line/);
    expect(broken((c) => (c.ourStory.paragraphs = []))).toBe('ourStory.paragraphs: must have at least 1 item');
  });

  it('wants alt text unless the image is decorative, and a known kind of source', () => {
    expect(broken((c) => (c.hero.image = { src: '/images/pages/about-hero.webp', alt: '', decorative: false }))).toBe(
      'hero.image.alt: is required: describe the image, or mark it decorative',
    );
    expect(broken((c) => (c.hero.image = { src: '/images/pages/about-hero.webp', alt: '', decorative: true }))).toBeUndefined();
    expect(broken((c) => (c.hero.image.src = 'https://example.com/a.jpg'))).toMatch(/^hero.image.src: /);
  });

  it('checks the links inside a paragraph', () => {
    expect(broken((c) => (c.ourStory.paragraphs[0] = 'See [our work](/portfolio) and *more*.'))).toBeUndefined();
    expect(broken((c) => (c.ourStory.paragraphs[0] = 'See [x](javascript:alert(1)).'))).toMatch(/^ourStory.paragraphs\[0\]: link address/);
    expect(broken((c) => (c.ourStory.paragraphs[0] = 'See [x](//evil.example).'))).toMatch(/link address/);
  });

  it('checks the founder address', () => {
    const fields = page('founder').fields;
    const at = (slug: string) => validate(fields, { ...pages.founder, slug });
    expect(at('meera-iyer')).toBeUndefined();
    expect(at('Meera Iyer')?.path).toBe('slug');
    expect(at('about')?.message).toMatch(/already an address/);
  });

  it('accepts https and site paths as link addresses, nothing else', () => {
    expect(['/contact', 'https://wa.me/919848022338'].every(isPageHref)).toBe(true);
    expect(['http://x.example', '//x.example', 'mailto:a@b', 'https://', '/a b'].some(isPageHref)).toBe(false);
  });
});
