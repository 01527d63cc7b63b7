// What each role may see and do in the panel: the one place the panel decides it (the server decides
// again on every call, docs/admin-api.md "People"). Imports nothing, so the login page may use it too.

export type Role = 'owner' | 'editor' | 'enquiries';

export const ROLES: readonly Role[] = ['owner', 'editor', 'enquiries'];

/** The roles in the owner's words, each with one line on what it may do. */
export const ROLE_WORDS: Record<Role, { label: string; description: string }> = {
  owner: { label: 'Owner', description: "Everything: people, settings, backups and the site's address" },
  editor: { label: 'Editor', description: "The site's content: pages, projects, journal, testimonials and photos" },
  enquiries: { label: 'Enquiries', description: 'Messages, leads and consultations; sees the content without changing it' },
};

/**
 * What a role may do:
 * - `content.view` / `content.edit`: pages, projects, journal, testimonials, hero slides, media;
 * - `enquiries`: messages, leads, consultations and their settings;
 * - `settings`: company settings, the site's address, certificates, releases;
 * - `backups`, `people`, `activity`: as named;
 * - `stats`: visitor statistics (every role).
 */
export type Capability = 'content.view' | 'content.edit' | 'enquiries' | 'settings' | 'backups' | 'people' | 'activity' | 'stats';

const CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: ['content.view', 'content.edit', 'enquiries', 'settings', 'backups', 'people', 'activity', 'stats'],
  editor: ['content.view', 'content.edit', 'stats'],
  enquiries: ['content.view', 'enquiries', 'stats'],
};

/**
 * The role an answer names. None (a server before roles) is an Owner, as the only account was; a
 * role this panel does not know gets no more than seeing the content and the statistics.
 */
export function roleOf(admin: { role?: string } | undefined): Role | 'unknown' {
  const role = admin?.role;
  if (role === undefined || role === null || role === '') return 'owner';
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : 'unknown';
}

export function can(role: Role | 'unknown', capability: Capability): boolean {
  if (role === 'unknown') return capability === 'content.view' || capability === 'stats';
  return CAPABILITIES[role].includes(capability);
}

/** A role's name in words ('Owner'); an unknown one as the server sent it. */
export function roleLabel(role: string | undefined): string {
  return (ROLES as readonly string[]).includes(role ?? '') ? ROLE_WORDS[role as Role].label : role || 'Owner';
}

/** The panel's sections, in the order of the tabs. */
export type TabKey =
  | 'overview'
  | 'slides'
  | 'portfolio'
  | 'messages'
  | 'settings'
  | 'news'
  | 'testimonials'
  | 'visitors'
  | 'pages'
  | 'consultations'
  | 'people'
  | 'activity'
  | 'account';

export const TAB_ORDER: readonly TabKey[] = [
  'overview',
  'slides',
  'portfolio',
  'messages',
  'settings',
  'news',
  'testimonials',
  'visitors',
  'pages',
  'consultations',
  'people',
  'activity',
  'account',
];

/** What a section needs; `null`: everyone signed in (Overview, Account). */
const TAB_NEEDS: Record<TabKey, Capability | null> = {
  overview: null,
  slides: 'content.view',
  portfolio: 'content.view',
  messages: 'enquiries',
  settings: 'settings',
  news: 'content.view',
  testimonials: 'content.view',
  visitors: 'stats',
  pages: 'content.view',
  consultations: 'enquiries',
  people: 'people',
  activity: 'activity',
  account: null,
};

/** The sections a role sees, in tab order. */
export function tabsFor(role: Role | 'unknown'): TabKey[] {
  return TAB_ORDER.filter((tab) => {
    const need = TAB_NEEDS[tab];
    return need === null || can(role, need);
  });
}

/** Content sections: read-only for a role that may see but not change the content. */
export const CONTENT_TABS: readonly TabKey[] = ['slides', 'portfolio', 'news', 'testimonials', 'pages'];

/** The phone's bottom bar (four sections, 'More' for the rest): what the role opens most. */
export function phoneTabsFor(role: Role | 'unknown'): TabKey[] {
  const wanted: TabKey[] =
    role === 'editor'
      ? ['overview', 'portfolio', 'news', 'pages']
      : role === 'enquiries'
        ? ['overview', 'messages', 'consultations', 'portfolio']
        : ['overview', 'messages', 'portfolio', 'pages'];
  const shown = tabsFor(role);
  return wanted.filter((tab) => shown.includes(tab));
}

/** What a content section says to a role that may see it but not change it. */
export const READ_ONLY_NOTE = 'Your role can view this but not change it.';
