import { describe, expect, it } from 'vitest';
import type { Field } from '../../lib/pageSchema';
import { changedFields } from './RecordForm';
import { sameValue } from './compare';
import { mergeDrafts, mergePage } from './merge';

// Two reads of one project: the form makes up new row keys each time.
const read = (key: number, overrides: Record<string, unknown> = {}) => ({
  headline: 'Old headline',
  location: 'Banjara Hills',
  gallery: [
    { key, imageUrl: '/media/a.jpg', alt: 'Living room' },
    { key: key + 1, imageUrl: '/media/b.jpg', alt: 'Kitchen' },
  ],
  sections: [{ key: key + 2, title: 'Brief', bullets: [{ key: key + 3, text: 'Calm' }] }],
  ...overrides,
});
const LABELS = { headline: 'Headline', location: 'Location', gallery: 'Gallery', sections: 'Case study sections' };

describe('the same value', () => {
  it('compares deeply, fields in any order, without the row keys the form makes up', () => {
    expect(sameValue(read(1), read(50))).toBe(true);
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue(read(1), read(1, { gallery: [{ key: 1, imageUrl: '/media/a.jpg', alt: 'Living' }] }))).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ key: 1 }, { key: 2 }), 'a record field named key still counts').toBe(false);
  });
});

describe("'Keep mine' after a clash", () => {
  it('keeps the fields I changed and takes theirs for the rest', () => {
    const base = read(1);
    const theirs = read(10, { headline: 'Their headline', location: 'Jubilee Hills' });
    const mine = { ...read(1), headline: 'My headline' };
    const merged = mergeDrafts(base, mine, theirs);
    expect(merged.headline).toBe('My headline');
    expect(merged.location).toBe('Jubilee Hills');
    expect(sameValue(merged.gallery, base.gallery)).toBe(true);
  });

  it('lists only the fields the other save really changed', () => {
    const base = read(1);
    const theirs = read(10, { headline: 'Their headline', location: 'Jubilee Hills' });
    expect(changedFields(base, theirs, LABELS).map((field) => field.label)).toEqual(['Headline', 'Location']);
  });

  it('merges a page record field by field of its schema', () => {
    const fields: Field[] = [
      { kind: 'group', name: 'hero', label: 'Hero', fields: [{ kind: 'text', name: 'title', label: 'Heading', max: 80 }] },
      { kind: 'text', name: 'tagline', label: 'Tagline', max: 80 },
    ] as Field[];
    const base = { hero: { title: 'Old' }, tagline: 'Old tagline' };
    const theirs = { hero: { title: 'Theirs' }, tagline: 'Their tagline' };
    const mine = { hero: { title: 'Mine' }, tagline: 'Old tagline' };
    expect(mergePage(fields, base, mine, theirs)).toEqual({ hero: { title: 'Mine' }, tagline: 'Their tagline' });
  });
});
