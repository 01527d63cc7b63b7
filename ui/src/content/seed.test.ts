/// <reference types="node" />
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import seed from './seed.json';

// The content a new data file starts with (the server seeds it; the owner edits it in the panel).
// Vitest runs in ui/.
const publicDir = join(process.cwd(), 'public');

// SPEC §2, "Portfolio case-study pages": the facts each page must show, exactly. Kitchen and
// Interior Design is filed under 'Kitchens & Baths', the category its portfolio filter now maps to.
const specTable = {
  'modern-serenity': { title: 'Modern Serenity', year: 2023, category: 'Residential' },
  'elegant-harmony': { title: 'Elegant Harmony', year: 2022, category: 'Residential' },
  'timeless-luxury': {
    title: 'Timeless Luxury',
    headline: 'Timeless Luxury Where Comfort Meets Elegance',
    year: 2023,
    category: 'Hospitality',
    location: 'Bengaluru, Karnataka',
    tags: ['Hospitality', 'Luxury', 'Hotel'],
    sections: ['Lobby & Reception Area', 'Guest Accommodations', 'Dining & Social Spaces', 'Materials & Finishes'],
  },
  'refined-elegance': {
    title: 'Refined Elegance',
    headline: 'Refined Elegance: Entertainment Space',
    year: 2024,
    category: 'Residential',
    location: 'Hyderabad, Telangana',
    tags: ['Residential', 'Entertainment', 'Customized'],
    sections: [
      'Media Wall & Entertainment System',
      'Seating & Comfort Elements',
      'Refreshment Zone',
      'Lighting & Atmosphere',
    ],
  },
  'bath-and-spa': {
    title: 'Bath and Spa Center',
    year: 2023,
    category: 'Commercial',
    location: 'Hyderabad, Telangana',
    tags: ['Commercial', 'Bath', 'Spa', 'Wellness'],
    sections: ['Display Gallery Concept', 'Spa Experience Zone', 'Materials & Finishes', 'Technical Solutions'],
  },
  'kitchen-design': {
    title: 'Kitchen and Interior Design',
    year: 2023,
    category: 'Kitchens & Baths',
    location: 'Hyderabad, Telangana',
    tags: ['Residential', 'Kitchen', 'Interior', 'Modern'],
    sections: ['Layout & Space Planning', 'Custom Cabinetry & Storage', 'Materials & Finishes', 'Lighting & Technology'],
  },
  'ceramic-design': {
    title: 'Ceramic Italy Design',
    year: 2024,
    category: 'Specialty',
    location: 'Hyderabad, Telangana',
    tags: ['Specialty', 'Ceramic', 'Italian', 'Tile'],
    sections: [
      'Material Selection & Quality',
      'Installation Techniques',
      'Application Areas',
      'Sustainability & Longevity',
    ],
  },
} as const;

describe('seed content', () => {
  it("holds SPEC's seven projects, in SPEC's order", () => {
    expect(seed.projects.map((p) => p.slug)).toEqual(Object.keys(specTable));
  });

  it.each(Object.entries(specTable))('%s holds exactly the facts of the SPEC table', (slug, facts) => {
    const project = seed.projects.find((p) => p.slug === slug)!;
    expect(project.title).toBe(facts.title);
    expect(project.year).toBe(facts.year);
    expect(project.category).toBe(facts.category);
    if ('location' in facts) expect(project.location).toBe(facts.location);
    if ('headline' in facts) expect(project.headline).toBe(facts.headline);
    if ('tags' in facts) expect(project.tags).toEqual(facts.tags);
    if ('sections' in facts) expect(project.sections.map((s) => s.title)).toEqual(facts.sections);
    // Modern Serenity's city is Hyderabad; Elegant Harmony's is not itemised.
    if (slug === 'modern-serenity') expect(project.location).toMatch(/^Hyderabad/);
    if (slug === 'elegant-harmony') expect(project.location).not.toMatch(/Hyderabad|Bengaluru/);
  });

  it.each(seed.projects.map((p) => [p.slug, p] as const))(
    '%s has a description, intro, 4 sections of 4 distinct bullets, a cover and 5 bundled pictures with distinct alt texts',
    (_slug, project) => {
      expect(project.description.length).toBeGreaterThan(20);
      expect(project.intro.length).toBeGreaterThan(120);
      expect(project.headline.length).toBeGreaterThan(0);
      expect(project.sections).toHaveLength(4);
      for (const section of project.sections) {
        expect(section.bullets).toHaveLength(4);
        expect(new Set(section.bullets).size).toBe(4);
      }
      expect(project.gallery).toHaveLength(5);
      expect(new Set(project.gallery.map((image) => image.alt)).size).toBe(5);
      for (const image of [...project.gallery.map((g) => g.imageUrl), project.coverUrl]) {
        expect(existsSync(`${publicDir}${image}`), image).toBe(true);
      }
      project.gallery.forEach((image) => expect(image.alt.length).toBeGreaterThan(15));
    },
  );

  it("holds SPEC's five news items, Nov 20 to Dec 15, 2024, with ISO dates", () => {
    expect(seed.news).toHaveLength(5);
    expect(seed.news.map((item) => item.date).sort()).toEqual(['2024-11-20', '2024-11-27', '2024-12-01', '2024-12-08', '2024-12-15']);
    seed.news.forEach((item) => expect(item.content.length).toBeGreaterThan(100));
  });

  it('holds the testimonials shown on /portfolio', () => {
    expect(seed.testimonials.length).toBeGreaterThanOrEqual(3);
    seed.testimonials.forEach((t) => expect(t.quote && t.name).toBeTruthy());
  });
});
