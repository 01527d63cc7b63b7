import defaults from '../site.json';
import pageRecords from '../content/pages.json';
import seed from '../content/seed.json';
import { type ImageInfo, registerImages } from './images';
import type { ArticleView, JournalView } from './journal';
import type { FounderRef, PageRecords } from './pageTypes';

// Shapes of the JSON the server inlines in the HTML shell, per page (docs/CONTRACTS.md, "Live site data"),
// and sends for client-side navigation from GET /api/page-data?path=.
export interface HeroSlide {
  id: number;
  title: string;
  subtitle: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
  /** What the photo shows; empty (or absent, from an older server) when it is atmosphere only. */
  alt?: string;
}

/** A published project as the lists show it (portfolio, home teaser, footer, about). */
export interface ProjectSummary {
  id: number;
  slug: string;
  title: string;
  category: string;
  description: string;
  coverUrl: string;
  year?: number | string;
}

export interface CaseStudySection {
  title: string;
  bullets: string[];
}

export interface GalleryImage {
  imageUrl: string;
  alt: string;
}

/** A whole project with its case study (the page /portfolio/{slug}). */
export interface ProjectRecord extends ProjectSummary {
  headline: string;
  location: string;
  tags: string[];
  intro: string;
  sections: CaseStudySection[];
  gallery: GalleryImage[];
}

export interface NewsItem {
  id: number;
  /** ISO `YYYY-MM-DD`. */
  date: string;
  title: string;
  content: string;
  /** Its page is /news/{slug} (issue 32); absent in data of an earlier server. */
  slug?: string;
}

export interface Testimonial {
  id: number;
  quote: string;
  name: string;
  role: string;
}

/** One page's data: what every page has (settings, images, footer projects) and what this page needs. */
export interface PageData {
  settings: Record<string, string>;
  /** Responsive information for the uploaded images the data names, by URL (lib/images.ts). */
  images?: Record<string, ImageInfo>;
  footerProjects?: ProjectSummary[];
  heroSlides?: HeroSlide[];
  projects?: ProjectSummary[];
  news?: NewsItem[];
  testimonials?: Testimonial[];
  project?: ProjectRecord;
  /** On the portfolio: which page of its (filtered) list `projects` is, from 1. */
  portfolio?: PortfolioView;
  /** The founder's name and address (every page). */
  founder?: FounderRef;
  /** The page records this page shows, and `site` (docs/page-records.md). */
  pages?: Partial<PageRecords>;
  /** The contact page: which optional fields the form shows, and their choices. */
  leadForm?: LeadForm;
  /** On /news: one page of the journal's (filtered) list (lib/journal.ts). */
  journal?: JournalView;
  /** On /news/{slug}: the article whole. */
  article?: ArticleView;
}

export type FieldRule = 'hidden' | 'optional' | 'required';
export type LeadField = 'phone' | 'projectType' | 'locality' | 'size' | 'budget' | 'timeline' | 'heardFrom';

/** The owner's lead settings as the public form reads them (src/leads/settings.rs, form_json). */
export interface LeadForm {
  fields: Record<LeadField, FieldRule>;
  budgets: string[];
  timelines: string[];
  projectTypes: string[];
}

export interface PortfolioView {
  page: number;
  pages: number;
  total: number;
}

export interface Site {
  studioName: string;
  legalName: string;
  tagline: string;
  titleSuffix: string;
  phone: string;
  email: string;
  /** A WhatsApp number as the owner wrote it; '' when the studio has none. */
  whatsapp: string;
  address: string;
  hours: string;
  weekend: string;
  social: { linkedin: string; instagram: string; facebook: string };
  mapQuery: string;
  logo: string;
  /** The first three published projects, shown in the footer of every page. */
  footerProjects: ProjectSummary[];
}

export const DEFAULT_LOGO = '/images/logo.svg';

/**
 * The data used when nothing is inlined (the Vite dev server, unit tests): the same seed the server
 * starts a new data file with, so development shows what a fresh install shows. Production builds
 * drop this branch and both seeds (seed.json, pages.json) with it: the server inlines every page's data.
 */
export function fallbackData(path = ''): PageData {
  if (!import.meta.env.DEV) return { settings: {} };
  const records = seed.projects.filter((p) => p.isActive).map((p, i) => ({ ...p, id: i + 1, order: i }));
  const projects = records.map(({ id, slug, title, category, description, coverUrl, year }) => ({
    id,
    slug,
    title,
    category,
    description,
    coverUrl,
    year,
  }));
  return {
    settings: {},
    heroSlides: seed.heroSlides.map((slide, i) => ({ id: i + 1, ...slide })),
    projects,
    footerProjects: projects.slice(0, 3),
    news: seed.news
      .filter((n) => n.isActive)
      .map((n, i) => ({ id: i + 1, ...n }))
      .sort((a, b) => b.date.localeCompare(a.date)),
    testimonials: seed.testimonials.filter((t) => t.isActive).map((t, i) => ({ id: i + 1, ...t })),
    project: records.find((p) => path === `/portfolio/${p.slug}`),
    founder: { name: pageRecords.founder.name, slug: pageRecords.founder.slug },
    pages: pageRecords as unknown as PageRecords,
  };
}

export function readInlined(doc: Document): PageData | undefined {
  const text = doc.getElementById('site-data')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageData;
  } catch (error) {
    console.error('site-data is not valid JSON; using defaults', error);
    return undefined;
  }
}

/** Merges the server's inlined settings over site.json; an empty setting falls back to its default. */
export function siteFrom(data: PageData | undefined): Site {
  registerImages(data?.images);
  const settings = data?.settings ?? {};
  const setting = (key: string, fallback: string) => settings[key]?.trim() || fallback;

  return {
    studioName: setting('company_name', defaults.studioName),
    legalName: setting('company_legal_name', defaults.legalName),
    tagline: setting('company_tagline', defaults.tagline),
    titleSuffix: defaults.titleSuffix,
    phone: setting('company_phone', defaults.phone),
    email: setting('company_email', defaults.email),
    // Empty by default: no WhatsApp link until the owner gives a number.
    whatsapp: settings.company_whatsapp?.trim() ?? defaults.whatsapp,
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
    footerProjects: data?.footerProjects ?? fallbackData().footerProjects ?? [],
  };
}

export function readSite(doc: Document): Site {
  return siteFrom(readInlined(doc));
}

/** `https://wa.me/<digits>` for a number as the owner wrote it ('+91 98480 22338'); '' without digits. */
export function whatsappHref(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2024-12-15' as SPEC shows dates: 'Dec 15, 2024'. Anything else is shown as written. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}
