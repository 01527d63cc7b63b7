// The activity record's calls and words (docs/admin-api.md, "People"): who did what, filtered by
// person, kind and dates, 50 at a time; its CSV; whether its chain of hashes is whole.
import { API } from '../api';

export const ACTIVITY_KINDS = ['sign-in', 'people', 'content', 'enquiries', 'personal-data', 'settings', 'backups', 'host'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Each kind in the owner's words. */
export const KIND_WORDS: Record<ActivityKind, string> = {
  'sign-in': 'Sign-ins and sessions',
  people: 'People and roles',
  content: 'Content',
  enquiries: 'Enquiries',
  'personal-data': "Opening a person's details",
  settings: 'Settings',
  backups: 'Backups',
  host: 'Host actions',
};

/** A kind in words; one this panel does not know, as the server sent it. */
export const kindWords = (kind: string | undefined): string => (kind && kind in KIND_WORDS ? KIND_WORDS[kind as ActivityKind] : kind ?? '');

export interface ActivityEntry {
  id: number | string;
  at: string;
  actor: string;
  action: string;
  kind?: string;
  subject?: string;
  summary: string;
  address?: string;
  device?: string;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** The `before` of the next page; null at the end. */
  next: number | string | null;
}

export interface ActivityCheck {
  whole: boolean;
  brokenAt?: number | string | null;
  entries?: number;
}

/** What the owner filters by; an empty value is no filter. */
export interface ActivityFilters {
  username: string;
  kind: string;
  /** `YYYY-MM-DD` */
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = { username: '', kind: '', from: '', to: '' };

/** The query of the filters that are set (and `before`, for a later page), in the contract's order. */
export function activityQuery(filters: ActivityFilters, before?: number | string | null): string {
  const params = new URLSearchParams();
  for (const key of ['username', 'kind', 'from', 'to'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (before !== undefined && before !== null && before !== '') params.set('before', String(before));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const activityPath = (filters: ActivityFilters, before?: number | string | null) => `${API.activity}${activityQuery(filters, before)}`;
export const activityCsvPath = (filters: ActivityFilters) => `${API.activityCsv}${activityQuery(filters)}`;

/** A date's problem: `to` before `from`. */
export function datesProblem(filters: ActivityFilters): string | undefined {
  return filters.from && filters.to && filters.to < filters.from ? 'The end date is before the start date.' : undefined;
}

/** The CSV's name when the server's answer names none. */
export const csvName = (today = new Date()) => `activity-${today.toISOString().slice(0, 10)}.csv`;

/** The line at the top of the record: whole, or where it breaks. */
export function checkWords(check: ActivityCheck): string {
  const count = check.entries === undefined ? '' : ` (${check.entries} ${check.entries === 1 ? 'entry' : 'entries'})`;
  if (check.whole) return `The record is whole${count}: no entry has been changed or removed since it was written.`;
  const where = check.brokenAt === undefined || check.brokenAt === null ? '' : ` at entry ${check.brokenAt}`;
  return `Warning: the record has been changed outside the panel. Its chain breaks${where}${count}: that entry or the one before it was changed or removed in the data file. Keep your backups and ask your host to run studio audit verify.`;
}
