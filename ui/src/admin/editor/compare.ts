// What changed between two versions of a record, in the owner's words: the editor's own labels for
// the fields ("Our Story > Paragraph 1", "Hero photo"), not their paths, and the words removed and
// added in a changed text. Pure functions, shared by History and the clash of two saves.
import type { Field } from '../../lib/pageSchema';

/** One changed field: where, by the editor's labels, and its two values. */
export interface Change {
  path: string;
  label: string;
  kind: 'text' | 'image' | 'other';
  before: unknown;
  after: unknown;
}

type Segment = string | number;

/** `ourStory.paragraphs[1].alt` -> ['ourStory', 'paragraphs', 1, 'alt']. */
export function segments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) out.push(Number(match[2]));
    else if (match[1] !== undefined) out.push(match[1]);
  }
  return out;
}

export function getAt(value: unknown, path: string): unknown {
  return segments(path).reduce<unknown>((current, key) => (current as Record<Segment, unknown> | undefined)?.[key], value);
}

/** A copy of `value` with `path` set to `next`; the rest is shared. */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const [head, ...rest] = segments(path);
  if (head === undefined) return next as T;
  const restPath = rest.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('').replace(/^\./, '');
  if (Array.isArray(value)) {
    return value.map((item, i) => (i === head ? setAt(item, restPath, next) : item)) as T;
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head]: setAt(record[head as string], restPath, next) } as T;
}

const SUB_LABELS: Record<string, string> = { alt: 'alt text', src: 'photo', decorative: 'decorative', label: 'link text', href: 'link address', url: 'file', name: 'file name' };

/** The field at `path` by the labels of `fields`: "Our Story > Paragraph 1". */
export function labelOf(fields: readonly Field[], path: string): string {
  const parts: string[] = [];
  let level: readonly Field[] = fields;
  let list: Field | undefined;
  for (const key of segments(path)) {
    if (typeof key === 'number') {
      if (!list || list.kind !== 'list') break;
      parts.push(`${list.item.label} ${key + 1}`);
      const item: Field = list.item;
      level = item.kind === 'group' ? item.fields : [];
      list = undefined;
      continue;
    }
    const field = level.find((f) => f.name === key);
    if (!field) {
      parts.push(SUB_LABELS[key] ?? key);
      break;
    }
    parts.push(field.label);
    if (field.kind === 'group') level = field.fields;
    else if (field.kind === 'list') list = field;
    else level = [];
  }
  return parts.join(' > ') || 'The page';
}

function kindOf(value: unknown): Change['kind'] {
  if (typeof value === 'string') return 'text';
  if (value && typeof value === 'object' && 'src' in value) return 'image';
  return 'other';
}

/**
 * Whether two values are the same, deeply: objects by their fields in any order, arrays item by
 * item. A row's `key` inside a list is left out: the form makes one up each time it reads a record
 * (editor rows), so two reads of the same gallery are the same gallery.
 */
export function sameValue(a: unknown, b: unknown, inList = false): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i], true));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const fields = (value: object) => Object.keys(value).filter((name) => !(inList && name === 'key') && (value as Record<string, unknown>)[name] !== undefined);
  const mine = fields(a);
  const theirs = fields(b);
  return mine.length === theirs.length && mine.every((name) => sameValue((a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name]));
}

const same = (a: unknown, b: unknown) => sameValue(a, b);

/**
 * The fields of a page record whose values differ, walking its schema: a text, a photo, a link as
 * one field each; a list item by item (a list whose length changed is one change).
 */
export function pageChanges(fields: readonly Field[], before: unknown, after: unknown, path = ''): Change[] {
  return fields.flatMap((field) => {
    const at = path ? `${path}.${field.name ?? ''}` : (field.name ?? '');
    return fieldChanges(fields, field, getAt(before, field.name ?? ''), getAt(after, field.name ?? ''), at);
  }).map((change) => ({ ...change, label: labelOf(fields, change.path) }));
}

function fieldChanges(root: readonly Field[], field: Field, before: unknown, after: unknown, at: string): Change[] {
  if (same(before, after)) return [];
  if (field.kind === 'group') return pageChanges(field.fields, before, after, at);
  if (field.kind === 'list' && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((item, i) => fieldChanges(root, field.item, item, after[i], `${at}[${i}]`));
  }
  return [{ path: at, label: at, kind: kindOf(after ?? before), before, after }];
}

/** A record without a schema (a project, a news item): its top-level fields by the labels given. */
export function recordChanges(labels: Record<string, string>, before: unknown, after: unknown): Change[] {
  return Object.entries(labels).flatMap(([key, label]) => {
    const was = getAt(before, key);
    const now = getAt(after, key);
    if (same(was, now)) return [];
    const photo = /url$/i.test(key) && typeof now === 'string';
    return [{ path: key, label, kind: photo ? 'image' : kindOf(now), before: was, after: now }];
  });
}

/** A text's words, each run marked kept, removed or added (a longest-common-subsequence diff). */
export function wordDiff(before: string, after: string): { text: string; op: 'same' | 'removed' | 'added' }[] {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  // Long texts: compare at most this many tokens each way (a page's paragraph is far below it).
  if (a.length * b.length > 4_000_000) return [{ text: before, op: 'removed' }, { text: after, op: 'added' }];
  const table = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const out: { text: string; op: 'same' | 'removed' | 'added' }[] = [];
  const push = (text: string, op: 'same' | 'removed' | 'added') => {
    const last = out[out.length - 1];
    if (last && last.op === op) last.text += text;
    else out.push({ text, op });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(a[i]!, 'same');
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) push(a[i++]!, 'removed');
    else push(b[j++]!, 'added');
  }
  while (i < a.length) push(a[i++]!, 'removed');
  while (j < b.length) push(b[j++]!, 'added');
  return out;
}
