import { describe, expect, it } from 'vitest';
import { newBlock, studioToday, withPhotoUrl, type BlockDraft } from './article';

describe("a new article's date", () => {
  it("is the studio's day: at 01:55 in Hyderabad (20:25 UTC the day before) it is already Hyderabad's date", () => {
    expect(studioToday(new Date('2026-11-27T20:25:00Z'))).toBe('2026-11-28');
    expect(studioToday(new Date('2026-11-27T18:29:00Z'))).toBe('2026-11-27');
  });
});

describe('a photo upload that ends while the owner types', () => {
  it('sets the URL on the block as it is now, keeping the alt text and caption typed meanwhile', () => {
    const typed = { ...newBlock('image'), photo: { url: '', alt: 'The courtyard at dusk', caption: 'Jubilee Hills, 2024' } } as BlockDraft;
    expect(withPhotoUrl(typed, 'photo', '/media/a.jpg')).toMatchObject({ photo: { url: '/media/a.jpg', alt: 'The courtyard at dusk', caption: 'Jubilee Hills, 2024' } });
  });

  it('finds the slot of a pair and of a before-and-after, and leaves other blocks alone', () => {
    const pair = newBlock('pair') as Extract<BlockDraft, { type: 'pair' }>;
    pair.photos = [{ url: '', alt: 'Left', caption: '' }, { url: '', alt: 'Right', caption: '' }];
    expect(withPhotoUrl(pair, 'second', '/media/b.jpg')).toMatchObject({ photos: [{ url: '', alt: 'Left' }, { url: '/media/b.jpg', alt: 'Right' }] });
    const beforeAfter = { ...newBlock('beforeAfter'), caption: 'Kitchen' } as BlockDraft;
    expect(withPhotoUrl(beforeAfter, 'after', '/media/c.jpg')).toMatchObject({ after: { url: '/media/c.jpg' }, before: { url: '' }, caption: 'Kitchen' });
    const paragraph = newBlock('paragraph');
    expect(withPhotoUrl(paragraph, 'photo', '/media/d.jpg')).toBe(paragraph);
  });
});
