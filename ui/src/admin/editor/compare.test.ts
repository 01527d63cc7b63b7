import { describe, expect, it } from 'vitest';
import type { Field } from '../../lib/pageSchema';
import { getAt, labelOf, pageChanges, recordChanges, setAt, wordDiff } from './compare';

const fields: Field[] = [
  { name: 'hero', label: 'Hero', kind: 'group', fields: [{ name: 'image', label: 'Hero photo', kind: 'image' }] },
  {
    name: 'ourStory',
    label: 'Our Story',
    kind: 'group',
    fields: [{ name: 'paragraphs', label: 'Paragraphs', kind: 'list', min: 1, max: 5, item: { label: 'Paragraph', kind: 'paragraph', max: 900 } }],
  },
];

describe('compare', () => {
  it("names a changed field by the editor's labels, not its path", () => {
    expect(labelOf(fields, 'ourStory.paragraphs[0]')).toBe('Our Story > Paragraphs > Paragraph 1');
    expect(labelOf(fields, 'hero.image.alt')).toBe('Hero > Hero photo > alt text');
  });

  it('finds the changed paragraph and photo of a page, and nothing when equal', () => {
    const before = { hero: { image: { src: '/a.webp', alt: 'A', decorative: false } }, ourStory: { paragraphs: ['One two three', 'Same'] } };
    const after = setAt(setAt(before, 'ourStory.paragraphs[0]', 'One four three'), 'hero.image.src', '/b.webp');
    expect(getAt(after, 'ourStory.paragraphs[1]')).toBe('Same');
    const changes = pageChanges(fields, before, after);
    expect(changes.map((c) => [c.label, c.kind])).toEqual([
      ['Hero > Hero photo', 'image'],
      ['Our Story > Paragraphs > Paragraph 1', 'text'],
    ]);
    expect(pageChanges(fields, before, before)).toEqual([]);
    // The original is not touched by setAt.
    expect(before.ourStory.paragraphs[0]).toBe('One two three');
  });

  it('marks the words removed and added', () => {
    expect(wordDiff('One two three', 'One four three')).toEqual([
      { text: 'One ', op: 'same' },
      { text: 'two', op: 'removed' },
      { text: 'four', op: 'added' },
      { text: ' three', op: 'same' },
    ]);
  });

  it('compares a record by the labels of its form, photos as photos', () => {
    const changes = recordChanges({ title: 'Title', coverUrl: 'Cover photo' }, { title: 'A', coverUrl: '/a' }, { title: 'A', coverUrl: '/b' });
    expect(changes).toEqual([{ path: 'coverUrl', label: 'Cover photo', kind: 'image', before: '/a', after: '/b' }]);
  });
});
