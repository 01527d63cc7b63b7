// The visitor report of GET /api/admin/stats (docs/stats.md) and the sums and labels the Visitors
// tab and the Overview draw from it.
import { API } from '../api';
import { routesFor } from '../../app/routes';

export interface StatsDay {
  date: string;
  views: number;
  visitors: number;
  messages: number;
}

export interface StatsReport {
  days: StatsDay[];
  pages: { path: string; views: number }[];
  /** `name` is what the owner reads ("Instagram" for l.instagram.com); a server before it sent only the host. */
  referrers: { host: string; name?: string; visits: number }[];
  devices: { phone: number; tablet: number; desktop: number };
  /** Enquiries and wins per landing page, campaign and referring site (src/stats/sources.rs). */
  sources: SourceLine[];
  /** Taps on contact links per kind, every kind, zeros included (src/stats/mod.rs `TapKind`). */
  taps: TapLine[];
}

export interface TapLine {
  kind: TapKind;
  taps: number;
  /** The pages the taps were on, most first. */
  pages: { path: string; taps: number }[];
}

/** What the owner calls each kind of tap. */
export const TAP_LABELS = {
  whatsapp: 'WhatsApp',
  phone: 'Phone',
  email: 'E-mail',
  booking: 'Book a consultation',
  brochure: 'Brochure download',
} as const;
export type TapKind = keyof typeof TAP_LABELS;

/** '14 taps, most from Modern Serenity (9)': a kind's taps and its top page, named by `name`. */
export function tapFigures(line: TapLine, name: (path: string) => string): string {
  const top = line.pages[0];
  const taps = plural(line.taps, 'tap', 'taps');
  return top ? `${taps}, most from ${name(top.path)} (${top.taps})` : taps;
}

export interface SourceLine {
  /** `heard`: an answer to "How did you hear about us" that names no known site or app. */
  kind: 'page' | 'campaign' | 'referrer' | 'heard';
  /** A path, a campaign's name or a site's host. */
  name: string;
  /**
   * Views of the page, or visits from the site or with the campaign, in the period. Null is still
   * read as "not counted" (a server from before campaign visits were counted sent it).
   */
  visits: number | null;
  enquiries: number;
  /** How many of those enquiries are at the stage Won now. */
  won: number;
}

/** A share as the owner reads it: '2.5%' below 10%, '33%' above. */
function percent(part: number, whole: number): string {
  const share = (part / whole) * 100;
  return `${share < 10 ? Math.round(share * 10) / 10 : Math.round(share)}%`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One source's figures in plain words: '120 views · 3 enquiries (2.5% of views) · 1 won'. The
 * conversion is enquiries per view of the page or per visit from the site or the campaign.
 */
export function sourceFigures(line: SourceLine): string {
  const [one, many] = line.kind === 'page' ? ['view', 'views'] : ['visit', 'visits'];
  const parts = [];
  // An answer to "How did you hear about us" has no visits to count.
  if (line.visits !== null && line.kind !== 'heard') parts.push(plural(line.visits, one, many));
  const enquiries = plural(line.enquiries, 'enquiry', 'enquiries');
  parts.push(line.visits ? `${enquiries} (${percent(line.enquiries, line.visits)} of ${many})` : enquiries);
  parts.push(`${line.won} won`);
  return parts.join(' · ');
}

/** The periods the owner can pick, in days. */
export const PERIODS = [7, 30, 365] as const;
export type Period = (typeof PERIODS)[number];

/** The query key (and path) of a period's report; the Overview and the tab share the 7-day one. */
export const statsKey = (days: number) => `${API.stats}?days=${days}`;

export function totals(days: readonly StatsDay[]) {
  return days.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      visitors: sum.visitors + day.visitors,
      messages: sum.messages + day.messages,
    }),
    { views: 0, visitors: 0, messages: 0 },
  );
}

/** A page's name for the owner: a project's title for a case study, Home, else the route's title. */
export function pageTitle(
  path: string,
  projects: readonly { slug: string; title: string }[] = [],
  founderSlug = '',
): string {
  const slug = path.startsWith('/portfolio/') ? path.slice('/portfolio/'.length) : null;
  const project = slug ? projects.find((p) => p.slug === slug) : undefined;
  if (project) return project.title;
  if (path === '/') return 'Home';
  return routesFor(founderSlug).find((route) => route.path === path)?.title ?? path;
}

/** '12 Mar 2026' from 'YYYY-MM-DD', read as the UTC day the server counted. */
export function formatDay(date: string, style: 'short' | 'medium' = 'medium'): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(style === 'medium' ? { year: 'numeric' } : {}),
  });
}

/** The `points` of an SVG polyline for `values` in a `width` x `height` box, 0 at the bottom. */
export function linePoints(values: readonly number[], max: number, width: number, height: number): string {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const scale = max > 0 ? height / max : 0;
  return values
    .map((value, i) => `${Math.round(i * step * 10) / 10},${Math.round((height - value * scale) * 10) / 10}`)
    .join(' ');
}

/** A round top for the chart's scale: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}
