import type { CompanySetting } from '../api';

export const LOGO_KEY = 'company_logo';
export const LOGO_DESCRIPTION = 'Company logo URL';

export const SITE_URL_KEY = 'site_url';
export const ADDRESS_KEY = 'company_address';
export const MAP_KEY = 'company_map_query';

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether the map would look for another place than the address: a word of the map location that
 * the address does not hold ("Banjara" after the studio moved from Banjara Hills). Empty: agrees.
 */
export function mapDisagrees(address: string, mapLocation: string): boolean {
  const held = new Set(wordsOf(address));
  return wordsOf(mapLocation).some((word) => !held.has(word));
}

/** The address as a map location: one line. */
export const mapLocationOf = (address: string) =>
  address
    .split(/\n+/)
    .map((line) => line.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');

/** The company settings the site reads (docs/CONTRACTS.md), with the names the owner sees, in this order. */
const KNOWN: readonly { key: string; label: string; input?: 'multiline' | 'email' | 'tel' | 'url'; hint?: string }[] = [
  { key: 'company_name', label: 'Studio name' },
  { key: 'company_legal_name', label: 'Legal name' },
  { key: 'company_tagline', label: 'Tagline' },
  { key: 'company_phone', label: 'Phone', input: 'tel' },
  { key: 'company_email', label: 'E-mail', input: 'email' },
  // Empty: no WhatsApp link on the site. Set: "Chat on WhatsApp" on the contact page and the footer.
  { key: 'company_whatsapp', label: 'WhatsApp number', input: 'tel' },
  { key: 'company_address', label: 'Address', input: 'multiline' },
  {
    key: MAP_KEY,
    label: 'Map location',
    hint: "What 'Open in Google Maps' on the contact page looks for: the street, area and city of the Address above.",
  },
  { key: 'company_hours', label: 'Office hours' },
  { key: 'company_weekend', label: 'Weekend' },
  { key: 'company_linkedin', label: 'LinkedIn page', input: 'url' },
  { key: 'company_instagram', label: 'Instagram page', input: 'url' },
  { key: 'company_facebook', label: 'Facebook page', input: 'url' },
  {
    key: SITE_URL_KEY,
    label: 'Site address',
    input: 'url',
    hint: 'The address people type to reach your site, for example https://www.nivasastudio.in. Search engines and link previews (WhatsApp, LinkedIn) use it.',
  },
];

/** 'company_map_query' -> 'map query'. */
function words(key: string): string {
  return key.replace(/^company_/, '').replace(/_+/g, ' ').trim();
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The description a setting is stored with when the panel creates it: 'company_phone' -> 'Company phone'. */
export function describeKey(key: string): string {
  return key.startsWith('company_') ? `Company ${words(key)}` : capitalise(words(key));
}

export function labelFor(key: string): string {
  return KNOWN.find((known) => known.key === key)?.label ?? capitalise(words(key));
}

export function hintFor(key: string): string | undefined {
  return KNOWN.find((known) => known.key === key)?.hint;
}

export function inputFor(key: string): 'multiline' | 'email' | 'tel' | 'url' | 'text' {
  return KNOWN.find((known) => known.key === key)?.input ?? 'text';
}

/**
 * Every setting row of the Settings tab: the known keys first in their order (a missing one as an
 * empty row that will be created on save), then any other stored setting. The logo has its own card.
 */
export function settingRows(stored: readonly CompanySetting[]): { key: string; setting?: CompanySetting }[] {
  const byKey = new Map(stored.map((setting) => [setting.settingKey, setting]));
  const known = KNOWN.map(({ key }) => ({ key, setting: byKey.get(key) }));
  const others = stored
    .filter((setting) => setting.settingKey !== LOGO_KEY && !KNOWN.some((known) => known.key === setting.settingKey))
    .sort((a, b) => a.settingKey.localeCompare(b.settingKey))
    .map((setting) => ({ key: setting.settingKey, setting }));
  return [...known, ...others];
}

/** The form's values: every setting row's key (and the logo's) with what is stored, '' when nothing is. */
export function settingValues(stored: readonly CompanySetting[]): Record<string, string> {
  const values: Record<string, string> = { [LOGO_KEY]: stored.find((s) => s.settingKey === LOGO_KEY)?.settingValue ?? '' };
  for (const { key, setting } of settingRows(stored)) values[key] = setting?.settingValue ?? '';
  return values;
}

/** The keys whose value the owner changed, in the form's order. */
export function changedKeys(stored: Record<string, string>, draft: Record<string, string>): string[] {
  return Object.keys(draft).filter((key) => (draft[key] ?? '') !== (stored[key] ?? ''));
}

/**
 * What the panel can tell before sending, by the field's label (the server checks the rest and
 * its refusal is shown at the field too).
 */
export function settingProblems(draft: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  const email = draft.company_email?.trim() ?? '';
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems[labelFor('company_email')] = 'Write a whole e-mail address, like studio@example.com.';
  const whatsapp = draft.company_whatsapp?.trim() ?? '';
  const digits = whatsapp.replace(/\D/g, '').length;
  if (whatsapp && (!/^\+?\d[\d ]*$/.test(whatsapp) || digits < 8 || digits > 15)) {
    problems[labelFor('company_whatsapp')] = 'Write the number with its country code, 8 to 15 digits, e.g. +91 98480 12345 (or leave it empty).';
  }
  const site = draft[SITE_URL_KEY]?.trim() ?? '';
  if (site && !/^https?:\/\/[^\s/]+\.[^\s/]+/i.test(site)) problems[labelFor(SITE_URL_KEY)] = 'Write the whole address, starting with https://, e.g. https://www.nivasastudio.in.';
  return problems;
}

/** The server's refusal of one setting in the owner's words: 'settingValue must be …' -> 'Must be …'. */
export function refusalText(message: string): string {
  const rest = message.replace(/^settingValue\s*/, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
