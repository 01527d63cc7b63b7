import { describe, expect, it } from 'vitest';
import table from '../routes.json';
import { caseStudies } from './caseStudies';
import { projects } from './projects';

const caseStudyKeys = table.routes.filter((route) => route.page === 'caseStudy').map((route) => route.key);

// SPEC §2, "Portfolio case-study pages": the facts each page must show, exactly.
const specTable = {
  'modern-serenity': { title: 'Modern Serenity', year: 2023, category: 'Residential' },
  'elegant-harmony': { title: 'Elegant Harmony', year: 2022, category: 'Residential' },
  'timeless-luxury': {
    title: 'Timeless Luxury',
    heading: 'Timeless Luxury Where Comfort Meets Elegance',
    year: 2023,
    category: 'Hospitality',
    location: 'Bengaluru, Karnataka',
    tags: ['Hospitality', 'Luxury', 'Hotel'],
    sections: ['Lobby & Reception Area', 'Guest Accommodations', 'Dining & Social Spaces', 'Materials & Finishes'],
  },
  'refined-elegance': {
    title: 'Refined Elegance',
    heading: 'Refined Elegance: Entertainment Space',
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
    category: 'Residential',
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

describe('case studies', () => {
  it('one record and one project per case-study route, and nothing else', () => {
    expect(caseStudies.map((study) => study.slug).sort()).toEqual([...caseStudyKeys].sort());
    expect(projects.map((project) => project.slug).sort()).toEqual([...caseStudyKeys].sort());
    expect(Object.keys(specTable).sort()).toEqual([...caseStudyKeys].sort());
  });

  it.each(Object.entries(specTable))('%s holds exactly the facts of the SPEC table', (slug, facts) => {
    const project = projects.find((p) => p.slug === slug)!;
    const study = caseStudies.find((s) => s.slug === slug)!;
    expect(project.title).toBe(facts.title);
    expect(project.year).toBe(facts.year);
    expect(project.category).toBe(facts.category);
    if ('location' in facts) expect(project.location).toBe(facts.location);
    if ('heading' in facts) expect(study.heading).toBe(facts.heading);
    if ('tags' in facts) expect(study.tags).toEqual(facts.tags);
    if ('sections' in facts) expect(study.sections.map((s) => s.title)).toEqual(facts.sections);
    // Modern Serenity's city is Hyderabad; Elegant Harmony's is not itemised.
    if (slug === 'modern-serenity') expect(project.location).toMatch(/^Hyderabad/);
    if (slug === 'elegant-harmony') expect(project.location).not.toMatch(/Hyderabad|Bengaluru/);
  });

  it.each(caseStudies.map((study) => [study.slug, study] as const))(
    '%s has an intro, tags, 4 sections of 4 distinct bullets and 5 distinct alt texts',
    (_slug, study) => {
      expect(study.intro.length).toBeGreaterThan(120);
      expect(study.heading.length).toBeGreaterThan(0);
      expect(study.tags.length).toBeGreaterThan(0);
      expect(study.sections).toHaveLength(4);
      for (const section of study.sections) {
        expect(section.bullets).toHaveLength(4);
        expect(new Set(section.bullets).size).toBe(4);
      }
      expect(study.gallery).toHaveLength(5);
      expect(new Set(study.gallery).size).toBe(5);
      study.gallery.forEach((alt) => expect(alt.length).toBeGreaterThan(15));
    },
  );
});
