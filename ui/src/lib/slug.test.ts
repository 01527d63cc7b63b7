import { describe, expect, it } from 'vitest';
import { slug } from './slug';

describe('slug', () => {
  it('lower-cases and joins words with one hyphen', () => {
    expect(slug('Anjali Rao')).toBe('anjali-rao');
  });

  it('collapses every run of other characters and trims hyphens at both ends', () => {
    expect(slug('  Dr. Anjali  Rao-Reddy, B.Arch!  ')).toBe('dr-anjali-rao-reddy-b-arch');
  });

  it('drops characters outside a-z0-9, accents included', () => {
    expect(slug('Zoë & Søren 2024')).toBe('zo-s-ren-2024');
  });

  it('gives an empty string when nothing is left', () => {
    expect(slug('—!—')).toBe('');
  });
});
