import defaults from '../site.json';
import seed from '../content/seed.json';
import { projects as staticProjects } from '../content/projects';
import { type ImageInfo, registerImages } from './images';

// Shapes of the JSON the server inlines in the HTML shell (docs/CONTRACTS.md, "Live site data").
export interface HeroSlide {
  id: number;
  title: string;
  subtitle: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
}

export interface SiteProject {
  id: number;
  slug: string;
  title: string;
  category: string;
  description: string;
}

export interface InlinedSiteData {
  settings: Record<string, string>;
  heroSlides: HeroSlide[];
  projects: SiteProject[];
  /** Responsive information for the uploaded images the data names, by URL (lib/images.ts). */
  images?: Record<string, ImageInfo>;
}

export interface Site {
  studioName: string;
  legalName: string;
  tagline: string;
  titleSuffix: string;
  experience: string;
  copyrightYear: number;
  founder: { name: string; title: string };
  phone: string;
  email: string;
  address: string;
  hours: string;
  weekend: string;
  social: { linkedin: string; instagram: string; facebook: string };
  mapQuery: string;
  logo: string;
  /** Active slides in display order. */
  heroSlides: HeroSlide[];
  /** Active portfolio projects in display order. */
  projects: SiteProject[];
}

export const DEFAULT_LOGO = '/images/logo.svg';

/**
 * The data used when nothing is inlined (the Vite dev server, unit tests): the same seed the server
 * starts a new data file with, so development shows what a fresh install shows. The server inlines
 * the data in every page it sends, so a production build leaves the seed out of the bundle.
 */
function fallbackData(): Pick<InlinedSiteData, 'heroSlides' | 'projects'> {
  if (!import.meta.env.DEV) return { heroSlides: [], projects: [] };
  return {
    heroSlides: seed.heroSlides.map((slide, i) => ({ id: i + 1, ...slide })),
    // The server lists every seeded project; the portfolio only shows those the bundle marks as listed.
    projects: seed.projects
      .filter((p) => staticProjects.find((s) => s.slug === p.slug)?.listed)
      .map((p, i) => ({ id: i + 1, ...p })),
  };
}

function readInlined(doc: Document): InlinedSiteData | undefined {
  const text = doc.getElementById('site-data')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as InlinedSiteData;
  } catch (error) {
    console.error('site-data is not valid JSON; using defaults', error);
    return undefined;
  }
}

/** Merges the server's inlined data over site.json; an empty setting falls back to its default. */
export function readSite(doc: Document): Site {
  const data = readInlined(doc);
  registerImages(data?.images);
  const settings = data?.settings ?? {};
  const setting = (key: string, fallback: string) => settings[key]?.trim() || fallback;

  return {
    studioName: setting('company_name', defaults.studioName),
    legalName: setting('company_legal_name', defaults.legalName),
    tagline: setting('company_tagline', defaults.tagline),
    titleSuffix: defaults.titleSuffix,
    experience: defaults.experience,
    copyrightYear: defaults.copyrightYear,
    founder: defaults.founder,
    phone: setting('company_phone', defaults.phone),
    email: setting('company_email', defaults.email),
    address: setting('company_address', defaults.address),
    hours: setting('company_hours', defaults.hours),
    weekend: setting('company_weekend', defaults.weekend),
    social: {
      linkedin: setting('company_linkedin', defaults.social.linkedin),
      instagram: setting('company_instagram', defaults.social.instagram),
      facebook: setting('company_facebook', defaults.social.facebook),
    },
    mapQuery: setting('company_map_query', defaults.mapQuery),
    logo: setting('company_logo', DEFAULT_LOGO),
    heroSlides: data?.heroSlides ?? fallbackData().heroSlides,
    projects: data?.projects ?? fallbackData().projects,
  };
}

/** Read once at start-up: the server re-renders the shell after admin edits, so a reload picks them up. */
export const site: Site = readSite(document);
