import { describe, expect, it } from 'vitest';
import { coverAlt, projectPath } from './projects';

describe('project helpers', () => {
  it('puts a case study under /portfolio/{slug}', () => {
    expect(projectPath('timeless-luxury')).toBe('/portfolio/timeless-luxury');
  });

  it('describes a cover by its project', () => {
    expect(coverAlt({ title: 'Timeless Luxury', category: 'Hospitality' })).toBe('Timeless Luxury, Hospitality project');
    expect(coverAlt({ title: 'New Villa', category: '' })).toBe('New Villa');
  });
});
