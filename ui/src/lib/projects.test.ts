import { describe, expect, it } from 'vitest';
import { liveProjects } from './projects';

describe('liveProjects', () => {
  it("keeps the server's list and order and adds the bundled image and alt text", () => {
    const list = liveProjects([
      { id: 9, slug: 'timeless-luxury', title: 'Timeless Luxury', category: 'Hospitality', description: '' },
      { id: 2, slug: 'modern-serenity', title: 'Modern Serenity', category: 'Residential', description: '' },
    ]);
    expect(list.map((p) => p.slug)).toEqual(['timeless-luxury', 'modern-serenity']);
    expect(list[0]!.image).toBe('/images/projects/timeless-luxury.webp');
    expect(list[0]!.link).toBe('/portfolio/timeless-luxury');
    expect(list[0]!.alt).toMatch(/lobby/i);
    expect(list[0]!.facts?.year).toBe(2023);
  });

  it('still shows a project the bundle does not know, titled by the server', () => {
    const [p] = liveProjects([{ id: 1, slug: 'new-villa', title: 'New Villa', category: '', description: '' }]);
    expect(p!.link).toBe('/portfolio/new-villa');
    expect(p!.alt).toBe('New Villa');
    expect(p!.facts).toBeUndefined();
  });
});
