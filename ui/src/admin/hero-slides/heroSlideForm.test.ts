import { describe, expect, it } from 'vitest';
import { draftFromSlide, emptyDraft, slideProblems, parseOrder, payloadFromDraft, payloadFromSlide } from './heroSlideForm';

describe('hero slide form', () => {
  it('starts with order 0 and active (SPEC §9)', () => {
    expect(emptyDraft.order).toBe('0');
    expect(emptyDraft.isActive).toBe(true);
  });

  it('reads order as an integer and falls back to 0', () => {
    expect(parseOrder('3')).toBe(3);
    expect(parseOrder(' 7 ')).toBe(7);
    expect(parseOrder('-2')).toBe(-2);
    expect(parseOrder('2.9')).toBe(2);
    expect(parseOrder('')).toBe(0);
    expect(parseOrder('first')).toBe(0);
  });

  it('needs a title and an image URL', () => {
    expect(Object.keys(slideProblems(emptyDraft))).toEqual(['Title', 'Photo']);
    expect(Object.keys(slideProblems({ ...emptyDraft, title: '  ', imageUrl: '/a.webp' }))).toEqual(['Title']);
    expect(Object.keys(slideProblems({ ...emptyDraft, title: 'A', imageUrl: '/a.webp' }))).toEqual([]);
  });

  it('sends trimmed fields with a numeric order', () => {
    const payload = payloadFromDraft({
      title: ' Calm ',
      subtitle: ' Sub ',
      imageUrl: ' /media/x.webp ',
      alt: ' A living room in morning light ',
      buttonText: 'See',
      buttonLink: '/portfolio ',
      order: 'x',
      isActive: false,
    });
    expect(payload).toEqual({
      title: 'Calm',
      subtitle: 'Sub',
      imageUrl: '/media/x.webp',
      alt: 'A living room in morning light',
      buttonText: 'See',
      buttonLink: '/portfolio',
      order: 0,
      isActive: false,
    });
  });

  it('round-trips a stored slide, and re-creates one without its id', () => {
    const slide = {
      id: 9,
      title: 'T',
      subtitle: 'S',
      imageUrl: '/i.webp',
      buttonText: 'B',
      buttonLink: '/l',
      order: 4,
      isActive: true,
      createdAt: 'ignored',
    };
    expect(payloadFromDraft(draftFromSlide(slide))).toEqual(payloadFromSlide(slide));
    expect(payloadFromSlide(slide)).toEqual({
      title: 'T',
      subtitle: 'S',
      imageUrl: '/i.webp',
      alt: '',
      buttonText: 'B',
      buttonLink: '/l',
      order: 4,
      isActive: true,
    });
  });

  it('keeps the photo description of a stored slide (none from an older server)', () => {
    const slide = { id: 2, title: 'T', subtitle: '', imageUrl: '/i.webp', buttonText: '', buttonLink: '', order: 0, isActive: true };
    expect(draftFromSlide({ ...slide, alt: 'A kitchen in teak' }).alt).toBe('A kitchen in teak');
    expect(payloadFromSlide({ ...slide, alt: 'A kitchen in teak' }).alt).toBe('A kitchen in teak');
    expect(draftFromSlide(slide).alt).toBe('');
  });
});
