// People: the accounts, their roles and invites, and where each is signed in (docs/admin-api.md,
// "People"). Shapes, calls' paths and the words the People and Account screens share.
import { API } from '../api';

export interface Account {
  id: number;
  username: string;
  displayName: string;
  role: string;
  active: boolean;
  createdAt?: string;
  lastSeenAt?: string | null;
}

export interface Invite {
  id: number | string;
  displayName: string;
  role: string;
  createdAt?: string;
  expiresAt: string;
  createdBy?: string;
}

export interface PeopleList {
  accounts: Account[];
  invites: Invite[];
}

/** `POST /api/admin/accounts`'s answer: the one-time link. */
export interface InviteCreated {
  invite?: Invite;
  inviteUrl: string;
  expiresAt: string;
  mailed?: boolean;
}

export interface InviteDraft {
  displayName: string;
  role: string;
  email: string;
}

export interface Session {
  id: number | string;
  /** "Chrome on Android" */
  device: string;
  address: string;
  startedAt: string;
  lastSeenAt: string;
  /** This browser's own session. */
  current: boolean;
}

export const accountPath = (username: string) => `${API.accounts}/${encodeURIComponent(username)}`;
export const invitePath = (id: number | string) => `${API.invites}/${encodeURIComponent(String(id))}`;
export const sessionPath = (id: number | string) => `${API.sessions}/${encodeURIComponent(String(id))}`;
/** One's own sessions, or (an Owner) another account's. */
export const sessionsPath = (username?: string) => (username ? `${API.sessions}?username=${encodeURIComponent(username)}` : API.sessions);

/** The invite form's own checks (the server checks again): the field's label -> what to do. */
export function inviteProblems(draft: InviteDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = draft.displayName.trim();
  if (!name) problems.Name = 'Please enter the name to show for this person.';
  else if ([...name].length > 80) problems.Name = 'At most 80 characters.';
  const email = draft.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems['E-mail (optional)'] = 'This does not look like an e-mail address (name@example.com).';
  return problems;
}

/** The invite's body: the e-mail only when given. */
export function inviteBody(draft: InviteDraft): { displayName: string; role: string; email?: string } {
  const email = draft.email.trim();
  return { displayName: draft.displayName.trim(), role: draft.role, ...(email ? { email } : {}) };
}

/** The link as a WhatsApp share: the person's phone opens WhatsApp with the words ready to send. */
export function whatsappShare(url: string, studio: string, name: string): string {
  const text = `Hello ${name}, here is your invitation to the ${studio} website's admin panel. It works once, for 72 hours: ${url}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Last seen 26 Nov 2026" / "Never signed in". */
export function lastSeenWords(lastSeenAt: string | null | undefined, format: (iso: string) => string = (iso) => day.format(new Date(iso))): string {
  if (!lastSeenAt) return 'Never signed in';
  return Number.isNaN(new Date(lastSeenAt).getTime()) ? lastSeenAt : `Last seen ${format(lastSeenAt)}`;
}

/** How many active Owners there are: the last one cannot be demoted or deactivated. */
export const activeOwners = (accounts: Account[]) => accounts.filter((account) => account.active && account.role === 'owner').length;
