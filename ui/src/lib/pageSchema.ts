// The field schema of the page records (content/pageSchema.json, docs/page-records.md) and the same
// checks the server makes (src/pages/schema.rs), so the admin editor can name a broken field before
// it saves. The server stays the judge: it also knows which files exist.

export type Field = {
  /** camelCase, unique among its siblings; a list's item has none. */
  name?: string;
  label: string;
  help?: string;
} & FieldKind;

export type FieldKind =
  | { kind: 'text'; max: number; optional?: boolean }
  | { kind: 'paragraph'; max: number; optional?: boolean }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'image'; optional?: boolean }
  | { kind: 'link'; optional?: boolean }
  | { kind: 'file'; accept: string; optional?: boolean }
  | { kind: 'slug' }
  | { kind: 'list'; item: Field; min: number; max: number }
  | { kind: 'group'; fields: Field[] };

export interface PageSchema {
  key: string;
  label: string;
  /** routes.json's path (`/{founderSlug}` unresolved); null for the site-wide record. */
  route: string | null;
  fields: Field[];
}

export interface Schema {
  pages: PageSchema[];
}

export interface ImageValue {
  src: string;
  alt: string;
  decorative: boolean;
}

export interface LinkValue {
  label: string;
  href: string;
}

export interface FileValue {
  url: string;
  name: string;
}

export const MAX_ALT = 200;
export const MAX_FILE_NAME = 120;
export const MAX_LINK_LABEL = 60;
export const MAX_SLUG = 60;

/** First segments of the route table and the server's own paths: a founder address may not take them. */
export const RESERVED_SLUGS = [
  'about',
  'services',
  'portfolio',
  'contact',
  'multidisciplinary',
  'admin-login',
  'adminpanel',
  'api',
  'assets',
  'media',
  'images',
  'fonts',
  'healthz',
  'robots.txt',
  'sitemap.xml',
  'favicon.ico',
];

/** A broken rule: the field's path (`ourStory.paragraphs[1]`) and what is wrong. */
export interface Invalid {
  path: string;
  message: string;
}

export function describeInvalid({ path, message }: Invalid): string {
  return path ? `${path}: ${message}` : message;
}

/** Characters as the server counts them (Unicode scalar values, not UTF-16 units). */
export function length(text: string): number {
  return [...text].length;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// An upload's name as media::is_media_name has it: `<hash>.<ext>` or a width variant `<hash>-800.webp`.
const MEDIA_NAME = /^[0-9a-f]{16,}(-\d{1,5})?\.[A-Za-z0-9]{1,5}$/;

/** A link address: a path on this site (not `//host`) or an https:// address (site::is_safe_link). */
export function isPageHref(href: string): boolean {
  if (/[\s<>"\\`]/.test(href) || CONTROL.test(href)) return false;
  if (href.startsWith('/')) return !href.startsWith('//');
  const rest = /^https:\/\/(.*)$/i.exec(href)?.[1];
  return rest !== undefined && rest.length > 0 && !/^[/?#]/.test(rest);
}

export function isSlug(value: string): boolean {
  return SLUG.test(value) && value.length <= MAX_SLUG;
}

/** Checks a page's content; the first broken rule, or undefined when every field holds. */
export function validate(fields: Field[], content: unknown): Invalid | undefined {
  try {
    group(fields, content, '');
    return undefined;
  } catch (error) {
    if (error instanceof Broken) return error.invalid;
    throw error;
  }
}

/** Checks one field's value (the editor's per-field message). */
export function validateField(field: Field, value: unknown, path = ''): Invalid | undefined {
  try {
    one(field, value, path);
    return undefined;
  } catch (error) {
    if (error instanceof Broken) return error.invalid;
    throw error;
  }
}

class Broken extends Error {
  constructor(readonly invalid: Invalid) {
    super(describeInvalid(invalid));
  }
}

function fail(path: string, message: string): never {
  throw new Broken({ path, message });
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function group(fields: Field[], value: unknown, path: string): void {
  if (!isObject(value)) fail(path, 'must be an object of fields');
  for (const field of fields) {
    const name = field.name ?? '';
    const at = join(path, name);
    if (!(name in value)) fail(at, 'is missing');
    one(field, value[name], at);
  }
  const extra = Object.keys(value).find((key) => !fields.some((field) => field.name === key));
  if (extra !== undefined) fail(join(path, extra), 'is not a field here');
}

function one(field: Field, value: unknown, path: string): void {
  switch (field.kind) {
    case 'text':
      text(value, path, field.max, field.optional ?? false);
      return;
    case 'paragraph':
      inlineLinks(text(value, path, field.max, field.optional ?? false), path);
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < field.min || value > field.max) {
        fail(path, `must be a whole number from ${field.min} to ${field.max}`);
      }
      return;
    case 'image':
      image(value, path, field.optional ?? false);
      return;
    case 'link':
      link(value, path, field.optional ?? false);
      return;
    case 'file':
      file(value, path, field.optional ?? false);
      return;
    case 'slug': {
      const slug = text(value, path, MAX_SLUG, false);
      if (!SLUG.test(slug)) fail(path, 'may hold only a-z, 0-9 and single hyphens between them');
      if (RESERVED_SLUGS.includes(slug)) fail(path, `/${slug} is already an address of the site`);
      return;
    }
    case 'list': {
      if (!Array.isArray(value)) fail(path, 'must be a list');
      const { min, max } = field;
      if (value.length < min || value.length > max) {
        const count = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
        fail(
          path,
          min === max
            ? `must have exactly ${count(min)}`
            : value.length < min
              ? `must have at least ${count(min)}`
              : `may have at most ${count(max)}`,
        );
      }
      value.forEach((item, i) => one(field.item, item, `${path}[${i}]`));
      return;
    }
    case 'group':
      group(field.fields, value, path);
      return;
  }
}

/** One trimmed line of at most `max` characters; empty only when optional. */
function text(value: unknown, path: string, max: number, optional: boolean): string {
  if (typeof value !== 'string') fail(path, 'must be text');
  const trimmed = value.trim();
  if (CONTROL.test(trimmed)) fail(path, 'must be one line, without line breaks or control characters');
  if (length(trimmed) > max) fail(path, `at most ${max} characters`);
  if (!trimmed && !optional) fail(path, 'is required');
  return trimmed;
}

function inlineLinks(paragraph: string, path: string): void {
  let rest = paragraph;
  for (let at = rest.indexOf(']('); at >= 0; at = rest.indexOf('](')) {
    const after = rest.slice(at + 2);
    const end = after.indexOf(')');
    if (end < 0) fail(path, 'a link [label](address) is not closed with )');
    const href = after.slice(0, end);
    if (!isPageHref(href)) fail(path, `link address "${href}" must be a site path (/…) or an https:// address`);
    rest = after.slice(end + 1);
  }
}

function object(value: unknown, path: string, allowed: string[]): Record<string, unknown> {
  if (!isObject(value)) fail(path, `must be an object with ${allowed.join(', ')}`);
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) fail(join(path, extra), 'is not a field here');
  return value;
}

function stringIn(map: Record<string, unknown>, key: string, path: string): string {
  const value = map[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') fail(join(path, key), 'must be text');
  return value.trim();
}

function image(value: unknown, path: string, optional: boolean): void {
  const map = object(value, path, ['src', 'alt', 'decorative']);
  const src = stringIn(map, 'src', path);
  const decorative = map.decorative ?? false;
  if (typeof decorative !== 'boolean') fail(join(path, 'decorative'), 'must be true or false');
  const alt = text(map.alt ?? '', join(path, 'alt'), MAX_ALT, true);
  if (!src) {
    if (!optional) fail(join(path, 'src'), 'is required: choose an image');
    return;
  }
  const bundled = src.startsWith('/images/') && !/\.\.|\/\/|[?#\\]/.test(src);
  const upload = src.startsWith('/media/') && MEDIA_NAME.test(src.slice('/media/'.length));
  if (!bundled && !upload) fail(join(path, 'src'), `"${src}" is neither a bundled /images/ file nor an uploaded image`);
  if (!alt && !decorative) fail(join(path, 'alt'), 'is required: describe the image, or mark it decorative');
}

function link(value: unknown, path: string, optional: boolean): void {
  const map = object(value, path, ['label', 'href']);
  const label = stringIn(map, 'label', path);
  const href = stringIn(map, 'href', path);
  if (optional && !label && !href) return;
  text(label, join(path, 'label'), MAX_LINK_LABEL, false);
  if (!href) fail(join(path, 'href'), 'is required');
  if (!isPageHref(href)) fail(join(path, 'href'), 'must be a site path (/…) or an https:// address');
}

function file(value: unknown, path: string, optional: boolean): void {
  const map = object(value, path, ['url', 'name']);
  const url = stringIn(map, 'url', path);
  text(map.name ?? '', join(path, 'name'), MAX_FILE_NAME, true);
  if (!url) {
    if (!optional) fail(join(path, 'url'), 'is required: upload a file');
    return;
  }
  if (!url.startsWith('/media/') || !MEDIA_NAME.test(url.slice('/media/'.length))) {
    fail(join(path, 'url'), 'must be an uploaded file');
  }
}
