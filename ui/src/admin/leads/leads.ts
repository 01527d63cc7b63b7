// Leads in the panel: the lead fields a message carries, the owner's lead settings, and the small
// pure helpers the screens share (stage labels, follow-ups due, the WhatsApp link).
import { API, apiRequest, type ContactMessage } from '../api';

export interface LeadNote {
  id: number;
  text: string;
  at: string;
  by: string;
}

/** A message with its lead fields (GET /api/contacts, docs/admin-api.md "Leads"). */
export interface Lead extends ContactMessage {
  phone?: string | null;
  projectType?: string;
  locality?: string;
  size?: string;
  budget?: string;
  timeline?: string;
  heardFrom?: string;
  source?: { page: string; landing: string; referrer: string; utmSource: string; utmMedium: string; utmCampaign: string };
  stage?: string;
  followUpOn?: string | null;
  notes?: LeadNote[];
  qualification?: string;
  addedBy?: string;
}

export type FieldRule = 'hidden' | 'optional' | 'required';

export interface LeadSettings {
  stages: { key: string; label: string }[];
  fields: Record<string, FieldRule>;
  budgets: string[];
  timelines: string[];
  projectTypes: string[];
  /** `canSend` is read-only: whether the server has mail settings (`[smtp]`) to send it with. */
  dailyMail: { enabled: boolean; at: string; canSend?: boolean };
}

export const SETTINGS_PATH = '/api/admin/lead-settings';

export const stageLabel = (settings: LeadSettings | undefined, key: string | undefined) =>
  settings?.stages.find((s) => s.key === key)?.label ?? key ?? 'New';

/** Today as `YYYY-MM-DD` in the owner's own time zone. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const CLOSED = new Set(['won', 'lost']);

/** Leads whose next follow-up is today or earlier (closed ones aside), earliest first. */
export function followUpsDue(leads: readonly Lead[], day: string): Lead[] {
  return leads
    .filter((l) => l.folder !== 'spam' && l.followUpOn && l.followUpOn <= day && !CLOSED.has(l.stage ?? ''))
    .sort((a, b) => (a.followUpOn ?? '').localeCompare(b.followUpOn ?? ''));
}

/** Enquiries still at New more than 24 hours after they arrived. */
export function notContacted(leads: readonly Lead[], now: number): Lead[] {
  return leads.filter(
    (l) => l.folder !== 'spam' && (l.stage ?? 'new') === 'new' && now - new Date(l.createdAt).getTime() > 24 * 3600 * 1000,
  );
}

export const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/^\+/, '')}`;

export const patchLead = (id: number, change: { stage?: string; followUpOn?: string | null }) =>
  apiRequest<Lead>('PATCH', `${API.contacts}/${id}`, change);

export const addNote = (id: number, text: string) => apiRequest<LeadNote>('POST', `${API.contacts}/${id}/notes`, { text });
