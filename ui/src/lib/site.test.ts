import { describe, expect, it, vi } from 'vitest';
import defaults from '../site.json';
import { summaries } from '../test/projects';
import { DEFAULT_LOGO, formatDate, readSite, type PageData } from './site';

function shell(json?: string): Document {
  const doc = document.implementation.createHTMLDocument('shell');
  if (json !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'site-data';
    script.textContent = json;
    doc.body.append(script);
  }
  return doc;
}

const inlined: PageData = {
  settings: {
    company_name: 'Owner Studio',
    company_phone: '+91 90000 00000',
    company_email: 'hello@example.test',
    company_logo: '/media/logo-abc.png',
    company_instagram: 'https://www.instagram.com/owner',
    company_address: '  ',
  },
  heroSlides: [
    { id: 7, title: 'Only slide', subtitle: '', imageUrl: '/media/x.webp', buttonText: '', buttonLink: '' },
  ],
  footerProjects: summaries.slice(0, 3),
};

describe('readSite', () => {
  it('uses site.json and the bundled logo when nothing is inlined (dev server)', () => {
    const site = readSite(shell());
    expect(site.studioName).toBe(defaults.studioName);
    expect(site.phone).toBe(defaults.phone);
    expect(site.social).toEqual(defaults.social);
    expect(site.logo).toBe(DEFAULT_LOGO);
    expect(site.footerProjects).toHaveLength(3);
  });

  it('prefers the inlined settings and footer projects', () => {
    const site = readSite(shell(JSON.stringify(inlined)));
    expect(site.studioName).toBe('Owner Studio');
    expect(site.phone).toBe('+91 90000 00000');
    expect(site.email).toBe('hello@example.test');
    expect(site.logo).toBe('/media/logo-abc.png');
    expect(site.social.instagram).toBe('https://www.instagram.com/owner');
    expect(site.footerProjects).toEqual(inlined.footerProjects);
  });

  it('falls back per field for missing or blank settings', () => {
    const site = readSite(shell(JSON.stringify(inlined)));
    expect(site.address).toBe(defaults.address);
    expect(site.legalName).toBe(defaults.legalName);
    expect(site.social.linkedin).toBe(defaults.social.linkedin);
  });

  it('keeps an inlined empty project list: the owner may have unpublished every project', () => {
    const site = readSite(shell(JSON.stringify({ ...inlined, footerProjects: [] })));
    expect(site.footerProjects).toEqual([]);
  });

  it('reports broken JSON and falls back to the defaults', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const site = readSite(shell('{not json'));
    expect(site.studioName).toBe(defaults.studioName);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('formatDate', () => {
  it("shows an ISO date as SPEC does: 'Dec 15, 2024'", () => {
    expect(formatDate('2024-12-15')).toBe('Dec 15, 2024');
    expect(formatDate('2025-01-05')).toBe('Jan 5, 2025');
  });

  it('leaves anything else as written', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2024-13-01')).toBe('2024-13-01');
  });
});
