import { describe, expect, it } from 'vitest';
import shared from '../test/slug-examples.json';
import { slug } from './slug';

// The same pairs src/site.rs is checked against (tests/slug_parity.rs).
const examples = shared.examples as [string, string][];

describe('slug', () => {
  it.each(examples)('%j -> %j, as the server makes it', (title, expected) => {
    expect(slug(title)).toBe(expected);
  });

  it('lower-cases and joins words with one hyphen', () => {
    expect(slug('Anjali Rao')).toBe('anjali-rao');
  });

  it('collapses every run of other characters and trims hyphens at both ends', () => {
    expect(slug('  Dr. Anjali  Rao-Reddy, B.Arch!  ')).toBe('dr-anjali-rao-reddy-b-arch');
  });

  it('makes a separator of what its table leaves out', () => {
    expect(slug('Villa 東京 One')).toBe('villa-one');
  });
});
